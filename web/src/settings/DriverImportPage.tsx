import { useTranslation } from 'react-i18next';
import { getJson, sendJson } from '../api/client';
import { queryKeys } from '../api/queries';
import type { ImportApi } from '../common/import/driverImport';
import { ImportPage } from '../common/import/ImportPage';

const api: ImportApi = {
  check: async () => {
    await getJson('/api/drivers');
  },
  createDriver: (body) => sendJson<{ id: number }>('POST', '/api/drivers', body),
  addToGroup: (groupId, driverId) => sendJson('POST', '/api/permissions', { groupId, driverId }),
};

/** /settings/driver_import: drivers pasted from a spreadsheet, imported one by one with a log. */
export function DriverImportPage() {
  const { t } = useTranslation();
  return (
    <ImportPage
      title={t('route.settings_driver_import')}
      help={t('settings.importHelp')}
      confirmText={(count) => t('settings.importConfirm', { count })}
      backPath="/settings/drivers"
      api={() => api}
      invalidate={[queryKeys.drivers, ['groupElements']]}
    />
  );
}

import { useTranslation } from 'react-i18next';
import type { PassengerInput } from '@frota/core';
import { getJson, sendJson } from '../api/client';
import { ImportPage } from '../common/import/ImportPage';
import { passengerImportApi, passengerLogKey, type PassengerImportCalls } from './passengerImport';
import { PASSENGERS_KEY } from './passengersApi';

const calls: PassengerImportCalls = {
  list: () => getJson('/api/passengers'),
  create: (body: PassengerInput) => sendJson<{ id: number }>('POST', '/api/passengers', body),
};

/** /settings/passenger_import: passengers pasted from a spreadsheet, imported one by one with a log. */
export function PassengerImportPage() {
  const { t } = useTranslation();
  return (
    <ImportPage
      title={t('route.settings_passenger_import')}
      help={t('passengers.importHelp')}
      confirmText={(count) => t('passengers.importConfirm', { count })}
      backPath="/settings/passengers"
      api={(groupId) => passengerImportApi(calls, groupId, t('passengers.cardRequired'))}
      logKey={passengerLogKey}
      invalidate={[PASSENGERS_KEY]}
    />
  );
}

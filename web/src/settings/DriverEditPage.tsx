import { useState } from 'react';
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClientDetails, useGroups } from '../api/queries';
import { EditForm } from '../common/EditForm';
import { IdMultiSelect } from '../common/IdSelect';
import { useEditItem } from '../common/useEditItem';
import { DayInput } from '../common/pickers/DateInputs';
import { drivingCategories, newDriverDraft, validateDriver, type DriverDraft } from './driverForm';
import { formUniqueId } from './driversList';
import { useLinkDraft, useSaveWithLinks } from './settingsApi';
import { WorkingWeekFields } from './WorkingWeekFields';

/** /settings/driver/:id? — a driver with RFID, contacts, licence, working week and groups. */
export function DriverEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { item, update, loading } = useEditItem<DriverDraft>('drivers', id, newDriverDraft);
  const groups = useGroups();
  const details = useClientDetails();
  const [groupIds, setGroupIds, storedGroups] = useLinkDraft(
    id ? `/report/api.php/groups?driverId=${id}` : null,
  );
  // The RFID as typed; untouched, the stored one is kept (even a random_ one the form shows empty).
  const [rfid, setRfid] = useState<string | null>(null);
  const saveWithLinks = useSaveWithLinks<DriverDraft>('drivers');
  const categories = drivingCategories(details.data?.driving_categories);
  const category = String(item?.attributes.driving_category ?? '');

  const setAttribute = (key: string, value: unknown) =>
    update((d) => ({ ...d, attributes: { ...d.attributes, [key]: value } }));
  const attributeField = (key: string, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={String(item?.attributes[key] ?? '')}
      onChange={(e) => setAttribute(key, e.target.value)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `driver-${key}` } }}
      {...extra}
    />
  );

  return (
    <EditForm<DriverDraft>
      title={t('route.settings_driver')}
      endpoint="drivers"
      item={item}
      loading={loading}
      validate={(driver) => {
        const problem = validateDriver(driver);
        return problem ? t(problem.key, { value: problem.value }) : null;
      }}
      toBody={(driver) => ({ ...driver, uniqueId: rfid === null ? driver.uniqueId : rfid.trim() })}
      save={(body) => saveWithLinks(body, { groups: groupIds }, { groups: storedGroups })}
      backPath="/settings/drivers"
    >
      <TextField
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => update((d) => ({ ...d, name: e.target.value }))}
        required
        slotProps={{ htmlInput: { 'data-testid': 'driver-name' } }}
      />
      <TextField
        label={t('settings.rfid')}
        value={rfid ?? formUniqueId(item?.uniqueId)}
        onChange={(e) => setRfid(e.target.value)}
        helperText={t('settings.rfidHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'driver-uniqueId' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {attributeField('phone', t('phone'))}
        {attributeField('email', t('email'), { type: 'email' })}
      </Stack>
      {attributeField('notes', t('settings.notes'), { multiline: true, minRows: 2 })}
      {/* two to a row: the licence's long labels fit their fields */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {attributeField('licenseNumber', t('settings.licenseNumber'))}
        <TextField
          select
          label={t('settings.drivingCategory')}
          value={category}
          onChange={(e) => setAttribute('driving_category', e.target.value)}
          fullWidth
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'driver-driving_category' } as object },
          }}
        >
          <MenuItem value="">—</MenuItem>
          {[...new Set([...categories, ...(category ? [category] : [])])].map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <DayInput
          fullWidth
          label={t('settings.expiryDate')}
          value={String(item?.attributes.expiryDate ?? '')}
          onChange={(day) => setAttribute('expiryDate', day)}
          testId="driver-expiryDate"
        />
      </Box>
      {item && (
        <WorkingWeekFields value={item.attributes.week} onChange={(week) => setAttribute('week', week)} />
      )}
      <IdMultiSelect
        label={t('settings.groups')}
        options={groups.data ?? []}
        value={groupIds}
        onChange={setGroupIds}
        testId="driver-groups"
      />
    </EditForm>
  );
}

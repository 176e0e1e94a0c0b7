import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDevices, useDrivers, useGeofences, useUsers } from '../api/queries';
import type { Group } from '../api/types';
import { isTemporaryUser } from '../session/permissions';
import { useSession } from '../session/sessionContext';
import { EditForm } from '../common/EditForm';
import { IdMultiSelect } from '../common/IdSelect';
import { MessageDialog } from '../common/MessageDialog';
import { useEditItem } from '../common/useEditItem';
import { useLinkDraft, useSaveWithLinks } from './settingsApi';

type GroupDraft = Omit<Group, 'id'> & { id?: number };
const newGroup = (): GroupDraft => ({ name: '', groupId: 0, attributes: {} });

/**
 * /settings/group/:id? — a group with its vehicles, zones, drivers and users, saved in one call. Vehicles
 * added get the group's id; vehicles already in the group stay in it (document 1 §4 "Group save").
 */
export function GroupEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSession();
  const { item, update, loading } = useEditItem<GroupDraft>('groups', id, newGroup);
  const devices = useDevices();
  const zones = useGeofences();
  const drivers = useDrivers();
  const users = useUsers();
  const [deviceIds, setDeviceIds, storedDevices] = useLinkDraft(id ? `/api/devices?groupId=${id}` : null);
  const [zoneIds, setZoneIds, storedZones] = useLinkDraft(id ? `/api/geofences?groupId=${id}` : null);
  const [driverIds, setDriverIds, storedDrivers] = useLinkDraft(id ? `/api/drivers?groupId=${id}` : null);
  const [userIds, setUserIds, storedUsers] = useLinkDraft(id ? `/report/api.php/users?groupId=${id}` : null);
  const [keptMessage, setKeptMessage] = useState(false);
  const saveWithLinks = useSaveWithLinks<GroupDraft>('groups');

  // Vehicles of the group cannot be taken out here: say so and keep them.
  const changeDevices = (ids: number[]) => {
    const kept = (storedDevices ?? []).filter((d) => !ids.includes(d));
    if (kept.length) setKeptMessage(true);
    setDeviceIds([...kept, ...ids.filter((d) => !kept.includes(d))]);
  };
  // Nobody changes their own associations: oneself is neither offered nor dropped.
  const self = user?.id;
  const selfLinked = !!self && (storedUsers ?? []).includes(self);
  const userOptions = (users.data ?? []).filter((u) => !isTemporaryUser(u) && u.id !== self);
  const savedUsers = () => [...userIds.filter((u) => u !== self), ...(selfLinked && self ? [self] : [])];

  return (
    <EditForm<GroupDraft>
      title={t('route.settings_group')}
      endpoint="groups"
      item={item}
      loading={loading}
      validate={(group) => (group.name?.trim() ? null : t('invalidName'))}
      save={(body) =>
        saveWithLinks(
          body,
          { devices: deviceIds, geofences: zoneIds, drivers: driverIds, users: savedUsers() },
          { devices: storedDevices, geofences: storedZones, drivers: storedDrivers, users: storedUsers },
        )
      }
      backPath="/settings/groups"
    >
      <TextField
        label={t('name')}
        value={item?.name ?? ''}
        onChange={(e) => update((g) => ({ ...g, name: e.target.value }))}
        required
        slotProps={{ htmlInput: { 'data-testid': 'group-name' } }}
      />
      <IdMultiSelect
        label={t('settings.vehicles')}
        options={devices.data ?? []}
        value={deviceIds}
        onChange={changeDevices}
        testId="group-devices"
      />
      <IdMultiSelect
        label={t('settings.zones')}
        options={zones.data ?? []}
        value={zoneIds}
        onChange={setZoneIds}
        testId="group-zones"
      />
      <IdMultiSelect
        label={t('settings.drivers')}
        options={drivers.data ?? []}
        value={driverIds}
        onChange={setDriverIds}
        testId="group-drivers"
      />
      <IdMultiSelect
        label={t('settings.users')}
        options={userOptions}
        value={userIds.filter((u) => u !== self)}
        onChange={setUserIds}
        testId="group-users"
      />
      <MessageDialog
        open={keptMessage}
        title={t('settings.vehicles')}
        message={t('settings.groupVehiclesKept')}
        onClose={() => setKeptMessage(false)}
      />
    </EditForm>
  );
}

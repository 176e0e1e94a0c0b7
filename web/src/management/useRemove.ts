import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { managementKey, removeVehicleItem, type ManagementKind } from './managementApi';

/** Removes an item of a vehicle, then refreshes its list and the summary. */
export function useRemove(kind: ManagementKind, deviceId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (row: { id: number }) => {
      await removeVehicleItem(kind, deviceId, row.id);
      await queryClient.invalidateQueries({ queryKey: managementKey(kind, deviceId) });
      await queryClient.invalidateQueries({ queryKey: managementKey('summary') });
    },
    [queryClient, kind, deviceId],
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EditForm } from '../common/EditForm';
import { plateOf, SUMMARY_PATH, useVehicle } from '../common/vehicle/currentVehicle';
import { saveVehicleItem, type ManagementKind } from './managementApi';
import { translateMessage } from './messages';
import { titleTrail } from '../common/titleTrail';

const LISTS: Record<ManagementKind, string> = {
  maintenance: 'maintenances',
  cost: 'costs',
  document: 'documents',
};

export interface ManagementFormProps<D extends { id?: number }, B extends { id?: number }> {
  kind: ManagementKind;
  deviceId: number | null;
  item: D | undefined;
  loading: boolean;
  /** The item's id is not among the vehicle's items. */
  missing: boolean;
  /** core's message of the first problem, or null. */
  problem: (draft: D) => string | null;
  toBody: (draft: D) => B;
  children: ReactNode;
}

/**
 * A vehicle item's form (document 3 §2): titled "{list} > {license plate} > {add|edit}", checked with the
 * rules the server applies, saved to the vehicle's call, then back to the vehicle's list. Without a vehicle
 * the user is sent to the summary.
 */
export function ManagementForm<D extends { id?: number }, B extends { id?: number }>(
  props: ManagementFormProps<D, B>,
) {
  const { kind, deviceId, item, loading, missing, problem, toBody, children } = props;
  const { t, i18n } = useTranslation();
  const { device } = useVehicle(deviceId);
  if (deviceId === null) return <Navigate to={SUMMARY_PATH} replace />;
  const list = LISTS[kind];
  const listPath = `/management/${list}/${deviceId}`;
  if (missing) return <Navigate to={listPath} replace />;
  const title = titleTrail(
    [
      t(`management.tab.${list}`),
      plateOf(device),
      t(item?.id ? 'management.editTitle' : 'management.addTitle'),
    ],
    i18n.dir() === 'rtl',
  );
  return (
    <EditForm<D>
      title={title}
      endpoint="management"
      item={item}
      loading={loading}
      validate={(draft) => {
        const message = problem(draft);
        return message ? translateMessage(t, message) : null;
      }}
      save={async (draft) => {
        await saveVehicleItem(kind, deviceId, toBody(draft));
        return draft;
      }}
      backPath={listPath}
    >
      {children}
    </EditForm>
  );
}

/**
 * The pickups a passenger report reads: those of the vehicles asked in the period, optionally only of the
 * passengers picked (`passengers`, each one the user sees, else 404), with the passenger's name and group.
 * A card no passenger holds is named by its number, and so is one whose passenger the user does not see.
 */
import { boolAttr } from '@frota/core';
import type { ReportContext } from '../../context';
import { seesPrivate } from '../../../auth/privacy';
import { notFound } from '../../../errors';
import { visiblePassengers } from '../../../auth/passengerVisibility';

export interface PickupLine {
  deviceId: number;
  passengerId: number | null;
  cardId: string;
  /** the passenger's name, or the card number for an unknown card */
  passenger: string;
  groupName: string;
  phone: string;
  time: number;
  /** address, else coordinates; '' on a private vehicle for users who may not see where it was */
  place: string;
}

/** Rows at most per report run (as the positions report): a period of one busy bus is far below it. */
export const MAX_PICKUPS = 100_000;

const coords = (lat: number, lon: number) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

/** The passengers picked in the filter, checked against the access policy, in the order asked. */
export async function pickedPassengers(ctx: ReportContext): Promise<PickedPassenger[]> {
  const ids = [...new Set(ctx.request.passengers)];
  if (!ids.length) return [];
  const rows = await visiblePassengers(
    ctx.db.kysely
      .selectFrom('passengers')
      .leftJoin('groups', 'groups.id', 'passengers.groupId')
      .select(['passengers.id', 'passengers.name', 'passengers.cardId', 'groups.name as groupName'])
      .where('passengers.id', 'in', ids),
    ctx.scope,
  ).execute();
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { id, name: r.name, cardId: r.cardId, groupName: r.groupName ?? '' };
  });
}

export interface PickedPassenger {
  id: number;
  name: string;
  cardId: string;
  groupName: string;
}

/**
 * Of the passengers the pickups name, those the user sees. A pickup linked to a passenger of another scope
 * (a card read stored before cards were scoped, or on a vehicle two clients share) is shown as an unknown
 * card: a report never names another client's passenger or group (issue 33).
 */
async function shownPassengers(ctx: ReportContext, ids: (number | null)[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null).map(Number))];
  const seen = new Set<number>();
  for (let at = 0; at < wanted.length; at += 1000) {
    const rows = await visiblePassengers(
      ctx.db.kysely
        .selectFrom('passengers')
        .select('passengers.id')
        .where('passengers.id', 'in', wanted.slice(at, at + 1000)),
      ctx.scope,
    ).execute();
    rows.forEach((r) => seen.add(Number(r.id)));
  }
  return seen;
}

export async function loadPickups(ctx: ReportContext, picked: PickedPassenger[]): Promise<PickupLine[]> {
  if (!ctx.vehicles.length) return [];
  let q = ctx.db.kysely
    .selectFrom('passengerPickups as p')
    .leftJoin('passengers', 'passengers.id', 'p.passengerId')
    .leftJoin('groups', 'groups.id', 'passengers.groupId')
    .select([
      'p.deviceId',
      'p.passengerId',
      'p.cardId',
      'p.time',
      'p.latitude',
      'p.longitude',
      'p.address',
      'passengers.name as name',
      'passengers.phone as phone',
      'groups.name as groupName',
    ])
    .where(
      'p.deviceId',
      'in',
      ctx.vehicles.map((v) => v.id),
    )
    .where('p.time', '>=', ctx.request.from)
    .where('p.time', '<=', ctx.request.to);
  if (picked.length)
    q = q.where(
      'p.passengerId',
      'in',
      picked.map((p) => p.id),
    );
  const rows = await q.orderBy('p.time').orderBy('p.id').limit(MAX_PICKUPS).execute();
  const shown = await shownPassengers(
    ctx,
    rows.map((r) => r.passengerId),
  );
  const hidden = seesPrivate(ctx.scope.user)
    ? new Set<number>()
    : new Set(ctx.vehicles.filter((v) => boolAttr(v.attributes.privacy)).map((v) => v.id));
  return rows.map((r) => {
    const deviceId = Number(r.deviceId);
    const passengerId = r.passengerId == null ? null : Number(r.passengerId);
    const known = passengerId !== null && shown.has(passengerId);
    return {
      deviceId,
      passengerId: known ? passengerId : null,
      cardId: r.cardId,
      passenger: known ? (r.name ?? r.cardId) : r.cardId,
      groupName: known ? (r.groupName ?? '') : '',
      phone: known ? (r.phone ?? '') : '',
      time: Number(r.time),
      place: hidden.has(deviceId) ? '' : r.address || coords(Number(r.latitude), Number(r.longitude)),
    };
  });
}

/** "Passageiros: A, B" when the filter picked some, else "". */
export const passengerFilterText = (picked: PickedPassenger[]): string =>
  picked.length ? `Passageiros: ${picked.map((p) => p.name).join(', ')}` : '';

/** Saving a settings item with its associations in one call, and reading its current associations. */
import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../api/client';

export type LinkKind = 'devices' | 'groups' | 'geofences' | 'drivers' | 'users' | 'notifications';
export type LinkSets = Partial<Record<LinkKind, number[]>>;

/** Query keys a save with links may change. */
const TOUCHED = [
  ['links'],
  ['devices'],
  ['groups'],
  ['drivers'],
  ['geofences'],
  ['users'],
  ['notifications'],
  ['groupElements'],
  ['temporaryLinks'],
];

export type StoredLinks = Partial<Record<LinkKind, number[] | undefined>>;

const sameIds = (a: number[] | undefined, b: number[] | undefined): boolean =>
  !!a && !!b && a.length === b.length && a.every((id) => b.includes(id));

/** Whether the wanted links differ from the stored ones (a new item has none; not yet loaded differs). */
export const linksChanged = (links: LinkSets, stored: StoredLinks, isNew: boolean): boolean =>
  (Object.keys(links) as LinkKind[]).some((kind) => !sameIds(links[kind], isNew ? [] : stored[kind]));

/**
 * Saves an item with its links. When the links change: POST /api/settings/{kind} or PUT
 * /api/settings/{kind}/{id}, the item and its links all or nothing; otherwise the plain calls of
 * document 1 §7 (POST /api/{kind}, PUT /api/{kind}/{id}).
 */
export function useSaveWithLinks<T extends { id?: number }>(
  kind: string,
): (body: T, links: LinkSets, stored: StoredLinks) => Promise<T> {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: T, links: LinkSets, stored: StoredLinks) => {
      const withLinks = linksChanged(links, stored, !body.id);
      const path = `/api${withLinks ? '/settings' : ''}/${kind}${body.id ? `/${body.id}` : ''}`;
      const saved = await sendJson<T>(body.id ? 'PUT' : 'POST', path, withLinks ? { ...body, links } : body);
      await Promise.all(TOUCHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return saved;
    },
    [kind, queryClient],
  );
}

/** Ids of the items an association look-up answers (`/api/geofences?deviceId=3`); none for a new item. */
export function useLinkedIds(path: string | null): number[] | undefined {
  const answer = useQuery({
    queryKey: ['links', path],
    queryFn: () => getJson<Array<{ id: number }>>(path!),
    enabled: path !== null,
  });
  if (path === null) return [];
  return answer.data?.map((item) => item.id);
}

/** The ids being edited: the user's choice once made, else the stored links. */
export function useLinkDraft(path: string | null): [number[], (ids: number[]) => void, number[] | undefined] {
  const stored = useLinkedIds(path);
  const [draft, setDraft] = useState<number[] | null>(null);
  return [draft ?? stored ?? [], setDraft, stored];
}

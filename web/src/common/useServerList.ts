import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useListSearch } from './useListSearch';

/** What a server-paged list asks for: one page, its order and the search text. */
export interface ListQuery {
  offset: number;
  limit: number;
  /** the column field sorted by, and the direction; none for the server's own order */
  sort?: { field: string; order: 'asc' | 'desc' };
  search: string;
}

/** One page of rows and how many rows match in all. */
export interface ListPage<R> {
  total: number;
  data: R[];
}

export interface ServerListOptions<R> {
  /** The cache key of the list; filters the fetch reads belong in it (a change returns to page one). */
  queryKey: QueryKey;
  fetchPage: (query: ListQuery) => Promise<ListPage<R>>;
  pageSize: number;
  /** Keeps the search between visits under this key. */
  searchKey?: string;
  initialSort?: GridSortModel;
  enabled?: boolean;
}

/** The state a DataList in server mode shows and changes. */
export interface ServerList<R> {
  rows: R[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  setPaginationModel: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  setSortModel: (model: GridSortModel) => void;
  search: string;
  setSearch: (text: string) => void;
  refetch: () => void;
  /** Every matching row (the export), fetched a chunk at a time in the list's order. */
  fetchAll: () => Promise<R[]>;
}

/** Rows fetched per request when every row is wanted (the export). */
export const FETCH_ALL_CHUNK = 1000;

export function toListQuery(model: GridPaginationModel, sortModel: GridSortModel, search: string): ListQuery {
  const first = sortModel[0];
  return {
    offset: model.page * model.pageSize,
    limit: model.pageSize,
    sort: first?.sort ? { field: first.field, order: first.sort } : undefined,
    search: search.trim(),
  };
}

/**
 * A list too big for the browser (millions of rows): the server filters, sorts and pages it, and the
 * list asks for one page at a time. Any change of filters, search, order or page size goes back to the
 * first page; the page shown stays while the next one loads.
 */
export function useServerList<R>(options: ServerListOptions<R>): ServerList<R> {
  const { queryKey, fetchPage, pageSize, searchKey, initialSort, enabled = true } = options;
  const [search, setSearchText] = useListSearch(searchKey);
  const [sortModel, setSortState] = useState<GridSortModel>(initialSort ?? []);
  const filterKey = JSON.stringify(queryKey);
  // The page belongs to the filters it was chosen under: other filters show their first page.
  const [paging, setPaging] = useState({ filterKey, model: { page: 0, pageSize } });
  const paginationModel =
    paging.filterKey === filterKey ? paging.model : { page: 0, pageSize: paging.model.pageSize };
  const query = toListQuery(paginationModel, sortModel, search);

  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });

  const firstPage = (size: number) => setPaging({ filterKey, model: { page: 0, pageSize: size } });
  return {
    rows: result.data?.data ?? [],
    rowCount: result.data?.total ?? 0,
    loading: result.isFetching,
    paginationModel,
    setPaginationModel: (model) =>
      model.pageSize !== paginationModel.pageSize
        ? firstPage(model.pageSize)
        : setPaging({ filterKey, model }),
    sortModel,
    setSortModel: (model) => {
      setSortState(model);
      firstPage(paginationModel.pageSize);
    },
    search,
    setSearch: (text) => {
      setSearchText(text);
      firstPage(paginationModel.pageSize);
    },
    refetch: () => void result.refetch(),
    fetchAll: async () => {
      const all: R[] = [];
      const base = toListQuery({ page: 0, pageSize: FETCH_ALL_CHUNK }, sortModel, search);
      for (let offset = 0; ; offset += FETCH_ALL_CHUNK) {
        const page = await fetchPage({ ...base, offset });
        all.push(...page.data);
        if (page.data.length < FETCH_ALL_CHUNK || all.length >= page.total) return all;
      }
    },
  };
}

/**
 * The admin list as pages the server sorts and searches (GET /api/admin/clients): the browser
 * holds one page, never the book. Pages are reached through the server's cursors, kept as the
 * admin turns forward, so Previous goes back to a page already seen, read again when shown (a
 * balance may have moved since) unless it was read within SWR's deduping interval.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { AnswerOf, ClientDto } from '../../../../shared/api';
import { keyOf, type RouteCall, type Send } from '../../api/calls';
import { swrDefaults, useSend } from '../../api/hooks';
import { CLIENTS_PER_PAGE } from './ClientPager';

export type Sort = 'none' | 'desc' | 'asc';

/** Which accounts the list shows: the open ones (sortable), or the closed ones, newest closed first. */
export type AccountStatus = 'open' | 'closed';

/** The search waits for a pause in typing, so each key stroke does not ask the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type Page = AnswerOf<'listClients'>;

/**
 * The call for a page. The first page of the default order is the call the admin guard makes
 * (AdminRoutes), so the page opens on the answer the guard already has.
 */
function pageCall(
  status: AccountStatus,
  sort: Sort,
  search: string,
  cursor: string | undefined,
  limit?: number,
): RouteCall<'listClients'> {
  const query = {
    ...(status === 'closed' ? { status: 'closed' as const } : {}),
    ...(sort === 'none' || status === 'closed'
      ? {}
      : { sort: sort === 'desc' ? ('balance-desc' as const) : ('balance-asc' as const) }),
    ...(search ? { search } : {}),
    ...(cursor ? { cursor } : {}),
    ...(limit === undefined ? {} : { limit: String(limit) }),
  };
  return Object.keys(query).length === 0 ? { route: 'listClients' } : { route: 'listClients', query };
}

/**
 * A full page. A search answers what it found in the part of the book it read (perhaps nothing)
 * with a cursor to read on: the page asks again until it is full or the book is read.
 */
async function fullPage(
  send: Send,
  status: AccountStatus,
  sort: Sort,
  search: string,
  cursor: string | undefined,
  wanted: () => boolean,
): Promise<Page> {
  const first = await send(pageCall(status, sort, search, cursor));
  const clients = [...first.clients];
  let next = first.nextCursor;
  while (clients.length < CLIENTS_PER_PAGE && next) {
    // Another search or page is wanted now: asking on would only spend the list's shared rate.
    if (!wanted()) throw new Error('superseded by another page of the list');
    const more = await send(pageCall(status, sort, search, next, CLIENTS_PER_PAGE - clients.length));
    clients.push(...more.clients);
    next = more.nextCursor;
  }
  return next ? { clients, nextCursor: next } : { clients };
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Paging {
  /** The sort and search these cursors belong to: another list starts again at its first page. */
  list: string;
  page: number;
  /** The cursor of each page reached so far (the first page has none). */
  cursors: (string | undefined)[];
}

/** `initialSearch`: the search a link to the list asks for (/admin?search=...). */
export function useClientPages(initialSearch = '') {
  const send = useSend();
  const [search, setSearch] = useState(initialSearch);
  const [sort, setSort] = useState<Sort>('none');
  const [status, setStatus] = useState<AccountStatus>('open');
  const typed = search.trim();
  const settled = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  // Clearing the search needs no pause: the whole list comes back at once.
  const applied = typed === '' ? '' : settled;
  const list = `${status}\n${sort}\n${applied}`;
  const [paging, setPaging] = useState<Paging>({ list, page: 0, cursors: [undefined] });
  const current = useMemo(
    () => (paging.list === list ? paging : { list, page: 0, cursors: [undefined] }),
    [paging, list],
  );
  const cursor = current.cursors[current.page];

  const key = keyOf(pageCall(status, sort, applied, cursor));
  const wantedKey = useRef(key);
  // eslint-disable-next-line react-hooks/refs -- the page read in flight asks, between its reads, whether this render's key is still the one wanted
  wantedKey.current = key;
  const { data, error, isLoading, isValidating, mutate } = useSWR<Page, unknown>(
    key,
    () => fullPage(send, status, sort, applied, cursor, () => wantedKey.current === key),
    {
      ...swrDefaults,
      // The page shown stays while the next one loads; a page seen before is read again, as balances move.
      keepPreviousData: true,
      revalidateIfStale: true,
    },
  );

  // While another search loads, the last one's rows would say something untrue (they need not
  // match it): they are not shown. While another page or order of the same clients loads, the
  // rows shown stay, marked busy, so the list does not flash empty.
  const settledSearch = useRef<string | null>(null);
  useEffect(() => {
    // A failed read leaves the last rows in `data`: they still answer the last search.
    if (!isLoading && !error && data) settledSearch.current = applied;
  }, [isLoading, error, data, applied]);
  // eslint-disable-next-line react-hooks/refs -- which search the rows last answered is past renders' bookkeeping; it must not cause a render itself
  const shown = isLoading && settledSearch.current !== applied ? undefined : data;

  // Only the page asked for says where the next one starts: the one still shown while it loads does not.
  const next = isLoading ? undefined : shown?.nextCursor;
  const turn = useCallback(
    (by: 1 | -1) =>
      setPaging(() => {
        if (by === -1) return { ...current, page: Math.max(0, current.page - 1) };
        if (!next) return current;
        return { list, page: current.page + 1, cursors: [...current.cursors.slice(0, current.page + 1), next] };
      }),
    [current, list, next],
  );

  /** The row of a client whose balance moved, as the server now has it, on the page shown. */
  const updateClient = useCallback(
    (id: string, change: (client: ClientDto) => ClientDto) =>
      void mutate((page) => page && { ...page, clients: page.clients.map((c) => (c.id === id ? change(c) : c)) }, {
        revalidate: false,
      }),
    [mutate],
  );
  /** A closed account leaves the open list at once; the page is then read again to fill it. */
  const removeClient = useCallback(
    (id: string) => void mutate((page) => page && { ...page, clients: page.clients.filter((c) => c.id !== id) }),
    [mutate],
  );

  return {
    search,
    setSearch,
    /** The search the page shown answers (the typed one once typing pauses). */
    applied,
    sort,
    setSort,
    status,
    setStatus,
    page: current.page,
    clients: shown?.clients,
    hasNext: Boolean(next),
    error,
    /** The first answer for this list has not come yet, or a page is being read. */
    loading: isLoading,
    refreshing: isValidating,
    retry: () => void mutate(),
    next: () => turn(1),
    previous: () => turn(-1),
    updateClient,
    removeClient,
  };
}

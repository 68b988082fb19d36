/**
 * The activity log as the page reads it: the first page for the filters, then "Load more" adds
 * the next one through the server's cursor. Another set of filters starts again; an answer for
 * filters no longer shown is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActivityEntryDto, ActivityVerificationDto } from '../../api/admin-types';
import { errorText, useSend } from '../../api/hooks';
import { type ActivityFilters, activityQuery } from './activity-query';

const LOAD_FAILED = 'Failed to load the activity log';

interface Log {
  entries: ActivityEntryDto[];
  nextCursor?: string;
  /** The log's last check: undefined until a page has come, null when it was never checked. */
  verification?: ActivityVerificationDto | null;
  loading: boolean;
  error: string | null;
}

export function useActivityLog(filters: ActivityFilters) {
  const send = useSend();
  const [log, setLog] = useState<Log>({ entries: [], loading: true, error: null });
  // The filters the entries shown answer: a page read for others is dropped.
  const current = useRef('');
  const key = JSON.stringify(filters);

  const read = useCallback(
    async (cursor: string | undefined) => {
      const asked = key;
      setLog((l) => ({ ...l, loading: true, error: null }));
      try {
        const page = await send({ route: 'listActivity', query: activityQuery(filters, { cursor }) });
        if (current.current !== asked) return;
        setLog((l) => ({
          entries: cursor ? [...l.entries, ...page.entries] : page.entries,
          nextCursor: page.nextCursor,
          verification: page.verification ?? null,
          loading: false,
          error: null,
        }));
      } catch (error) {
        if (current.current === asked) setLog((l) => ({ ...l, loading: false, error: errorText(error, LOAD_FAILED) }));
      }
    },
    // `key` stands for `filters`: a new object with the same filters is the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [send, key],
  );

  useEffect(() => {
    current.current = key;
    setLog((l) => ({ entries: [], loading: true, error: null, verification: l.verification }));
    void read(undefined);
  }, [key, read]);

  return {
    ...log,
    loadMore: () => void read(log.nextCursor),
    retry: () => void read(log.entries.length > 0 ? log.nextCursor : undefined),
  };
}

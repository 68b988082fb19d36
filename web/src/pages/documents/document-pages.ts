/**
 * A client's documents as the documents list reads them: the first page, then "Show more" adds
 * the next one through the server's cursor. A new `version` (a statement regenerated) reads from
 * the first page again; an answer for a list no longer shown is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentDto } from '../../../../shared/api';
import { errorText, useSend } from '../../api/hooks';

const LOAD_FAILED = 'Failed to load the documents';

interface Documents {
  documents: DocumentDto[];
  nextCursor?: string;
  loading: boolean;
  error: string | null;
}

export function useDocuments(uid: string, version: number) {
  const send = useSend();
  const [list, setList] = useState<Documents>({ documents: [], loading: true, error: null });
  // The list the documents shown belong to: a page read for another is dropped.
  const current = useRef('');
  const key = `${uid}#${version}`;

  const read = useCallback(
    async (cursor: string | undefined) => {
      const asked = key;
      setList((l) => ({ ...l, loading: true, error: null }));
      try {
        const page = await send({ route: 'listDocuments', params: { uid }, query: cursor ? { cursor } : {} });
        if (current.current !== asked) return;
        setList((l) => ({
          documents: cursor ? [...l.documents, ...page.documents] : page.documents,
          nextCursor: page.nextCursor,
          loading: false,
          error: null,
        }));
      } catch (error) {
        if (current.current === asked) setList((l) => ({ ...l, loading: false, error: errorText(error, LOAD_FAILED) }));
      }
    },
    [send, uid, key],
  );

  useEffect(() => {
    current.current = key;
    setList({ documents: [], loading: true, error: null });
    void read(undefined);
  }, [key, read]);

  return {
    ...list,
    showMore: () => void read(list.nextCursor),
    retry: () => void read(list.documents.length > 0 ? list.nextCursor : undefined),
  };
}

/**
 * The day a document is dated, in UTC: a statement's last day (its `date` is the first instant
 * after its period), a confirmation's own day.
 */
export function documentDay(document: DocumentDto): string {
  const at = Date.parse(document.date);
  return new Date(document.period ? at - 1 : at).toISOString().slice(0, 10);
}

/**
 * A write a dialog sends: busy while it runs, and its failure kept as the dialog's own message
 * (shown beside the button that sent it, rather than as a toast that may be gone before it is read).
 */
import { useCallback, useRef, useState } from 'react';
import type { Send } from '../../api/calls';
import { toastMessages } from '../../../../shared/messages';
import { errorText, useSend } from '../../api/hooks';

export function useDialogAction<Arg = void, Data = unknown>(
  run: (send: Send, arg: Arg) => Promise<Data>,
  failure: string,
) {
  const send = useSend();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One write at a time: a double click sends once.
  const running = useRef(false);
  const start = async (arg: Arg): Promise<Data | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await run(send, arg);
    } catch (caught) {
      // fetch fails with a TypeError when the server cannot be reached at all: said as such, not as a refusal.
      setError(errorText(caught, caught instanceof TypeError ? toastMessages.connectFailed : failure));
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  const clearError = useCallback(() => setError(null), []);
  return { run: start, busy, error, clearError };
}

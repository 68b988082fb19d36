/**
 * Every client's balance as one CSV. The server writes the file in the background (the whole
 * book may be a million clients); the button starts the export, asks after it until it is ready,
 * then downloads it from the short-lived link the server signs.
 */
import { Button } from '@chakra-ui/react/button';
import { useEffect, useRef, useState } from 'react';
import { toastMessages, toastTitles } from '../../../../shared/messages';
import { errorText, useSend } from '../../api/hooks';
import { notify } from '../../components/toaster';

/** How long the page waits before asking after a running export again: soon at first, then every 5 s. */
export const EXPORT_POLL_MS = [500, 1000, 2000, 3000, 5000] as const;
const pollDelay = (asked: number) => EXPORT_POLL_MS[Math.min(asked, EXPORT_POLL_MS.length - 1)];

/** Downloads what a link answers as an attachment, without leaving the page. */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function ExportBalancesButton({ download = downloadFrom }: { download?: (url: string) => void }) {
  const send = useSend();
  const [busy, setBusy] = useState(false);
  // Leaving the page stops the asking (the export still finishes on the server).
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const exportBalances = async () => {
    setBusy(true);
    try {
      let state = await send({ route: 'startBalancesExport' });
      for (let asked = 0; state.status === 'running'; asked++) {
        await new Promise((resolve) => setTimeout(resolve, pollDelay(asked)));
        if (!mounted.current) return;
        state = await send({ route: 'getBalancesExport', params: { id: state.exportId } });
      }
      if (state.status !== 'ready' || !state.url) throw new Error(`export ${state.exportId} ${state.status}`);
      if (mounted.current) download(state.url);
    } catch (error) {
      if (mounted.current) notify('error', toastTitles.error, errorText(error, toastMessages.exportBalancesFailed));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      loadingText="Preparing export..."
      onClick={() => void exportBalances()}
    >
      Export Balances (CSV)
    </Button>
  );
}

/** A period and a button that downloads the statement for it as CSV. */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { HStack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { toastTitles } from '../../../shared/messages';
import { ApiError, downloadCsv } from '../api/client';
import { useApi } from '../api/hooks';
import { notify } from './toaster';

const today = () => new Date().toISOString().slice(0, 10);
const startOfYear = () => `${new Date().getUTCFullYear()}-01-01`;

/** Downloads a CSV from the API, telling the user when it fails. */
export function useCsvDownload(failure: string) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const download = async (path: string, filename: string) => {
    setBusy(true);
    try {
      await downloadCsv(api, path, filename);
    } catch (error) {
      notify('error', toastTitles.error, (error instanceof ApiError && error.serverMessage) || failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

export function StatementDownload({ path, filePrefix }: { path: (from: string, to: string) => string; filePrefix: string }) {
  const [from, setFrom] = useState(startOfYear);
  const [to, setTo] = useState(today);
  const { busy, download: fetchCsv } = useCsvDownload('Failed to download statement');
  const download = () => fetchCsv(path(from, to), `${filePrefix}-${from}-to-${to}.csv`);
  return (
    <HStack gap="3" align="end" wrap="wrap">
      <Field.Root width="auto">
        <Field.Label fontSize="sm">From</Field.Label>
        <Input size="sm" type="date" value={from} max={to} onChange={(e) => setFrom(e.currentTarget.value)} />
      </Field.Root>
      <Field.Root width="auto">
        <Field.Label fontSize="sm">To</Field.Label>
        <Input size="sm" type="date" value={to} min={from} max={today()} onChange={(e) => setTo(e.currentTarget.value)} />
      </Field.Root>
      <Button size="sm" variant="outline" onClick={() => void download()} loading={busy} disabled={!from || !to}>
        Download statement (CSV)
      </Button>
    </HStack>
  );
}

/** A period and a button that downloads the statement for it as CSV. */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { HStack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import type { CsvRoute, RouteCall } from '../api/calls';
import { saveCsv } from '../api/client';
import { useApiMutation } from '../api/hooks';
import { utcDateInput, utcStartOfYear } from '../format';

type CsvCall = RouteCall<CsvRoute>;

/** Downloads the CSV a call answers under a file name, telling the user when it fails. */
export function useCsvDownload(failure: string) {
  const csv = useApiMutation(
    'csv-download',
    async (send, { call, filename }: { call: CsvCall; filename: string }) => saveCsv(await send(call), filename),
    {
      failure,
    },
  );
  return { busy: csv.busy, download: (call: CsvCall, filename: string) => csv.run({ call, filename }) };
}

export function StatementDownload({
  statement,
  filePrefix,
}: {
  statement: (from: string, to: string) => CsvCall;
  filePrefix: string;
}) {
  const [from, setFrom] = useState(utcStartOfYear);
  const [to, setTo] = useState(utcDateInput);
  const { busy, download: fetchCsv } = useCsvDownload('Failed to download statement');
  const download = () => fetchCsv(statement(from, to), `${filePrefix}-${from}-to-${to}.csv`);
  return (
    <HStack gap="3" align="end" wrap="wrap">
      <Field.Root width="auto">
        <Field.Label fontSize="sm">From</Field.Label>
        <Input size="sm" type="date" value={from} max={to} onChange={(e) => setFrom(e.currentTarget.value)} />
      </Field.Root>
      <Field.Root width="auto">
        <Field.Label fontSize="sm">To</Field.Label>
        <Input
          size="sm"
          type="date"
          value={to}
          min={from}
          max={utcDateInput()}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Field.Root>
      <Button size="sm" variant="outline" onClick={() => void download()} loading={busy} disabled={!from || !to}>
        Download statement (CSV)
      </Button>
    </HStack>
  );
}

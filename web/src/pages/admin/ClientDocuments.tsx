/**
 * The client page's Documents section: the client's documents, each to download, and "Regenerate
 * a statement": a month whose statement is written again, after a confirmation, as a correction
 * beside the earlier one (which stays). The month's problems are said at its field, the server's
 * too (not ended, no statement of it).
 */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { documentMessages, documentRefusals } from '../../../../shared/documents';
import { FieldInput, FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { DocumentList } from '../documents/DocumentList';
import { AdminDialog } from './AdminDialog';
import { ClientSection } from './ClientSummary';
import { useDialogAction } from './dialog-action';

const MONTH_REQUIRED = 'Choose a month.';

/** The server's refusals that are about the month. */
const MONTH_REFUSALS: readonly string[] = [
  documentMessages.periodInvalid,
  documentMessages.periodNotEnded,
  documentRefusals.noStatement,
];

/** The month's problem before anything is sent: none, or not yet over (the current month and later, in UTC). */
export function monthProblem(month: string, now = Date.now()): string | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return month ? documentMessages.periodInvalid : MONTH_REQUIRED;
  return month >= new Date(now).toISOString().slice(0, 7) ? documentMessages.periodNotEnded : null;
}

function RegenerateForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const [month, setMonth] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const write = useDialogAction(
    (send, period: string) => send({ route: 'regenerateStatement', params: { id: clientId }, body: { period } }),
    'Failed to regenerate the statement',
  );
  const fieldError = problem ?? (write.error && MONTH_REFUSALS.includes(write.error) ? write.error : null);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    const found = monthProblem(month);
    setProblem(found);
    if (!found) setConfirming(true);
  };
  const regenerate = async () => {
    const answer = await write.run(month);
    setConfirming(false);
    if (!answer) return;
    notify('success', 'Statement regenerated', documentMessages.regenerated);
    setMonth('');
    onDone();
  };
  return (
    <form noValidate onSubmit={ask} aria-label="Regenerate a statement">
      <Stack gap="3" maxW="sm">
        <Text fontWeight="medium">Regenerate a statement</Text>
        <FormField label="Month" error={fieldError} hint="A month that has ended, whose statement was written.">
          <FieldInput
            type="month"
            value={month}
            onChange={(e) => {
              setMonth(e.currentTarget.value);
              setProblem(null);
              write.clearError();
            }}
          />
        </FormField>
        <HStack>
          <Button type="submit" size="sm" variant="outline">
            Regenerate
          </Button>
        </HStack>
        {write.error && !fieldError && <Text color="red.fg">{write.error}</Text>}
      </Stack>
      <AdminDialog
        alert
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Regenerate the statement"
        busy={write.busy}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={write.busy}>
              Cancel
            </Button>
            <Button
              colorPalette="yellow"
              onClick={() => void regenerate()}
              loading={write.busy}
              loadingText="Regenerating..."
            >
              Regenerate
            </Button>
          </>
        }
      >
        <Text>{documentMessages.regenerateConfirm(month)}</Text>
      </AdminDialog>
    </form>
  );
}

export function ClientDocuments({ clientId }: { clientId: string }) {
  const [version, setVersion] = useState(0);
  return (
    <ClientSection id="client-documents" title="Documents">
      <DocumentList
        uid={clientId}
        admin
        version={version}
        emptyHint="The client's statements are written early each month, for the month before."
      />
      <RegenerateForm clientId={clientId} onDone={() => setVersion((v) => v + 1)} />
    </ClientSection>
  );
}

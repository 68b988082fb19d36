/**
 * "Mark sent": an approved payout was paid, with the bank's reference and the day the money left
 * (today unless the bank says otherwise). Each problem is said at its field, the server's too; a
 * refusal of the whole mark (already sent by another administrator, no longer approved, one's own
 * account) is said in the dialog, and the list is read again when the payout is no longer to send.
 */
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { ApiError } from '../../api/client';
import { FieldInput, FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { formatDate, localDateInput, usd } from '../../format';
import { AdminDialog, Facts } from './AdminDialog';
import { useDialogAction } from './dialog-action';
import { destinationFacts, NoDestinationWarning } from './destination-facts';
import { checkMark, fieldOfRefusal, type SentBody, type SentField, type SentProblems } from './mark-sent';

const FORM_ID = 'mark-sent-form';

/** The mark's write: a 409 means the payout is no longer one to send (`onGone`). */
function useMarkSent(request: WithdrawalRequestDto, onGone: () => void) {
  return useDialogAction(async (send, body: SentBody) => {
    try {
      return await send({ route: 'markRequestSent', params: { id: request.id }, body });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onGone();
      throw error;
    }
  }, 'Failed to mark the payout sent');
}

/** The form's values and problems (its own, and the server's at their field), and the mark it sends. */
function useMarkForm(request: WithdrawalRequestDto, onDone: () => void, onGone: () => void) {
  const [values, setValues] = useState<Record<SentField, string>>(() => ({ reference: '', sentAt: localDateInput() }));
  const [problems, setProblems] = useState<SentProblems>({});
  const write = useMarkSent(request, onGone);
  const serverField = fieldOfRefusal(write.error);
  const shown: SentProblems = serverField ? { ...problems, [serverField]: write.error ?? undefined } : problems;
  const edit = (field: SentField) => (value: string) => {
    setValues((now) => ({ ...now, [field]: value }));
    setProblems((now) => ({ ...now, [field]: undefined }));
    if (serverField === field) write.clearError();
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMark(values.reference, values.sentAt, request);
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems({});
    if (!(await write.run(checked.body))) return;
    const { amount, userEmail } = request;
    notify('success', 'Payout marked sent', `${usd(amount)} to ${userEmail}, reference ${checked.body.reference}`);
    onDone();
  };
  return { values, shown, edit, confirm, busy: write.busy, error: serverField ? null : write.error };
}

function MarkFields({ form }: { form: ReturnType<typeof useMarkForm> }) {
  return (
    <form id={FORM_ID} noValidate onSubmit={(e) => void form.confirm(e)}>
      <Stack gap="4">
        <FormField label="Bank reference" error={form.shown.reference} hint="As the bank gives it for this payment">
          <FieldInput
            value={form.values.reference}
            onChange={(e) => form.edit('reference')(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <FormField label="Date sent" error={form.shown.sentAt}>
          <FieldInput
            type="date"
            value={form.values.sentAt}
            max={localDateInput()}
            onChange={(e) => form.edit('sentAt')(e.currentTarget.value)}
          />
        </FormField>
      </Stack>
    </form>
  );
}

export function MarkSentDialog({
  request,
  open,
  onClose,
  onSent,
  onGone,
}: {
  request: WithdrawalRequestDto;
  open: boolean;
  onClose: () => void;
  onSent: (request: WithdrawalRequestDto) => void;
  onGone: () => void;
}) {
  const form = useMarkForm(
    request,
    () => {
      onSent(request);
      onClose();
    },
    onGone,
  );
  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={form.busy}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} colorPalette="yellow" loading={form.busy} loadingText="Saving...">
        Mark sent
      </Button>
    </>
  );
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title="Mark payout sent"
      busy={form.busy}
      error={form.error}
      footer={footer}
    >
      <Facts
        items={[
          ['Client', request.userEmail],
          ['Amount', usd(request.amount)],
          ['Approved', formatDate(request.decidedAt ?? '')],
          ...destinationFacts(request),
        ]}
      />
      {!request.destination && <NoDestinationWarning />}
      <MarkFields form={form} />
    </AdminDialog>
  );
}

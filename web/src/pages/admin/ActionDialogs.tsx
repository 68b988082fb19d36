/**
 * Deciding a pending action: approving applies it at once (the server re-checks the balance, the
 * eligibility and that the client is still there); rejecting needs a reason, which the activity
 * log keeps. A refusal (already decided, the proposer's own action) is said in the dialog.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { type FormEvent, useState } from 'react';
import { apiMessages } from '../../../../shared/messages';
import type { PendingActionDto } from '../../api/admin-types';
import { notify } from '../../components/toaster';
import { actionFacts, actionTitle } from './action-facts';
import { AdminDialog, Facts } from './AdminDialog';
import { approveButtonColors } from './buttons';
import { ClientLine } from './ClientLine';
import { useDialogAction } from './dialog-action';
import { actionWords } from './money-move';

interface DecisionProps {
  action: PendingActionDto;
  open: boolean;
  onClose: () => void;
  /** The action was decided (by this dialog or, as a refusal said, already): the list reads again. */
  onDecided: () => void;
}

const clientOf = (action: PendingActionDto) => ({ displayName: action.clientName, email: action.clientEmail });

export function ApproveActionDialog({ action, open, onClose, onDecided }: DecisionProps) {
  const noun = actionWords[action.kind].noun;
  const approval = useDialogAction((send) => send({ route: 'approvePendingAction', params: { id: action.id } }), `Failed to approve the ${noun}`);
  const approve = async () => {
    const answer = await approval.run();
    onDecided();
    if (!answer) return;
    notify('success', `${actionTitle(action)} approved`);
    onClose();
  };
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={`Approve ${noun}`}
      busy={approval.busy}
      error={approval.error}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={approval.busy}>
            Cancel
          </Button>
          <Button {...approveButtonColors} onClick={() => void approve()} loading={approval.busy}>
            Approve {noun}
          </Button>
        </>
      }
    >
      <ClientLine client={clientOf(action)} />
      <Text fontWeight="semibold">{actionTitle(action)}</Text>
      <Facts items={actionFacts(action)} />
      <Text fontSize="sm" color="fg.muted">
        Approving applies it at once, in both your names. The server checks the balance again first, and refuses it if it no longer holds.
      </Text>
    </AdminDialog>
  );
}

export function RejectActionDialog({ action, open, onClose, onDecided }: DecisionProps) {
  const noun = actionWords[action.kind].noun;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const rejection = useDialogAction(
    (send, text: string) => send({ route: 'rejectPendingAction', params: { id: action.id }, body: { reason: text } }),
    `Failed to reject the ${noun}`,
  );
  const reject = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    setMissing(!text);
    if (!text) return;
    const answer = await rejection.run(text);
    onDecided();
    if (!answer) return;
    notify('success', `${actionTitle(action)} rejected`);
    onClose();
  };
  const formId = `reject-${action.id}`;
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={`Reject ${noun}`}
      busy={rejection.busy}
      error={rejection.error}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={rejection.busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} colorPalette="red" loading={rejection.busy}>
            Reject {noun}
          </Button>
        </>
      }
    >
      <ClientLine client={clientOf(action)} />
      <Text fontWeight="semibold">{actionTitle(action)}</Text>
      <form id={formId} noValidate onSubmit={(e) => void reject(e)}>
        <Field.Root required invalid={missing}>
          <Field.Label>Reason</Field.Label>
          <Textarea recipe={textareaRecipe} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} rows={3} />
          {missing && <Field.ErrorText color="red.fg">{apiMessages.reasonRequired}</Field.ErrorText>}
        </Field.Root>
      </form>
    </AdminDialog>
  );
}

/**
 * Deciding a pending action: approving applies it at once (the server re-checks the balance, the
 * eligibility and that the client is still there); rejecting needs a reason, which the activity
 * log keeps. A refusal (already decided, the proposer's own action) is said in the dialog.
 */
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { PendingActionDto } from '../../api/admin-types';
import type { Send } from '../../api/calls';
import { notify } from '../../components/toaster';
import { actionFacts, actionTitle } from './action-facts';
import { Facts, WriteDialog } from './AdminDialog';
import { approveButtonColors } from './buttons';
import { ClientLine } from './ClientLine';
import { useDialogAction } from './dialog-action';
import { ReasonForm } from './ReasonForm';
import { actionWords } from './money-move';

interface DecisionProps {
  action: PendingActionDto;
  open: boolean;
  onClose: () => void;
  /** The action was decided (by this dialog or, as a refusal said, already): the list reads again. */
  onDecided: () => void;
}

type Decision = 'approve' | 'reject';
const DECISION_WORDS: Record<Decision, { title: string; done: string }> = {
  approve: { title: 'Approve', done: 'approved' },
  reject: { title: 'Reject', done: 'rejected' },
};

const clientOf = (action: PendingActionDto) => ({ displayName: action.clientName, email: action.clientEmail });

/**
 * The decision's write (`run`), and what follows it: the list reads again whatever came of it;
 * once the decision is made, a toast says so and the dialog closes.
 */
function useDecision<Arg = void>(
  { action, onClose, onDecided }: DecisionProps,
  decision: Decision,
  run: (send: Send, arg: Arg) => Promise<unknown>,
) {
  const write = useDialogAction(run, `Failed to ${decision} the ${actionWords[action.kind].noun}`);
  const decide = async (arg: Arg) => {
    const answer = await write.run(arg);
    onDecided();
    if (!answer) return;
    notify('success', `${actionTitle(action)} ${DECISION_WORDS[decision].done}`);
    onClose();
  };
  return { write, decide };
}

/** Either decision's dialog: the client and the move, then `children`; its button (`button`) names the decision. */
function DecisionDialog({
  action,
  open,
  onClose,
  decision,
  write,
  button,
  children,
}: Omit<DecisionProps, 'onDecided'> & {
  decision: Decision;
  write: { busy: boolean; error: string | null };
  button: ButtonProps;
  children: ReactNode;
}) {
  const title = `${DECISION_WORDS[decision].title} ${actionWords[action.kind].noun}`;
  const confirm = (
    <Button {...button} loading={write.busy}>
      {title}
    </Button>
  );
  return (
    <WriteDialog open={open} onClose={onClose} title={title} write={write} confirm={confirm}>
      <ClientLine client={clientOf(action)} />
      <Text fontWeight="semibold">{actionTitle(action)}</Text>
      {children}
    </WriteDialog>
  );
}

export function ApproveActionDialog(props: DecisionProps) {
  const { action } = props;
  const { write, decide } = useDecision(props, 'approve', (send) =>
    send({ route: 'approvePendingAction', params: { id: action.id } }),
  );
  return (
    <DecisionDialog
      {...props}
      decision="approve"
      write={write}
      button={{ ...approveButtonColors, onClick: () => void decide() }}
    >
      <Facts items={actionFacts(action)} />
      <Text fontSize="sm" color="fg.muted">
        Approving applies it at once, in both your names. The server checks the balance again first, and refuses it if
        it no longer holds.
      </Text>
    </DecisionDialog>
  );
}

export function RejectActionDialog(props: DecisionProps) {
  const { action } = props;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const { write, decide } = useDecision(props, 'reject', (send, text: string) =>
    send({ route: 'rejectPendingAction', params: { id: action.id }, body: { reason: text } }),
  );
  const reject = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    setMissing(!text);
    if (text) await decide(text);
  };
  const formId = `reject-${action.id}`;
  return (
    <DecisionDialog
      {...props}
      decision="reject"
      write={write}
      button={{ type: 'submit', form: formId, colorPalette: 'red' }}
    >
      <ReasonForm formId={formId} reason={reason} setReason={setReason} missing={missing} onSubmit={reject} />
    </DecisionDialog>
  );
}

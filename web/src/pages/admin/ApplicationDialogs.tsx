/**
 * Deciding a new client's application: approving opens the account (listed, counted, told how to
 * fund it); rejecting needs a reason, which the applicant is told by e-mail, and closes the
 * account. A refusal (already decided, one's own account) is said in the dialog.
 */
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import type { ApplicationDto } from '../../../../shared/api';
import { notify } from '../../components/toaster';
import { WriteDialog } from './AdminDialog';
import { approveButtonColors } from './buttons';
import { ClientLine } from './ClientLine';
import { useDialogAction } from './dialog-action';
import { ReasonForm } from './ReasonForm';

export interface ApplicationDialogProps {
  application: ApplicationDto;
  open: boolean;
  onClose: () => void;
  /** The application was decided (by this dialog or, as a refusal said, already): the list reads again. */
  onDecided: () => void;
}

const nameOf = (a: ApplicationDto) => `${a.firstName} ${a.lastName}`.trim() || a.email;
const clientOf = (a: ApplicationDto) => ({ displayName: nameOf(a), email: a.email });

export function ApproveApplicationDialog({ application, open, onClose, onDecided }: ApplicationDialogProps) {
  const write = useDialogAction(
    (send) => send({ route: 'approveApplication', params: { id: application.id } }),
    'Failed to approve the application',
  );
  const approve = async () => {
    const answer = await write.run();
    onDecided();
    if (!answer) return;
    notify('success', `${nameOf(application)} approved`);
    onClose();
  };
  const confirm = (
    <Button {...approveButtonColors} loading={write.busy} onClick={() => void approve()}>
      Approve
    </Button>
  );
  return (
    <WriteDialog open={open} onClose={onClose} title="Approve application" write={write} confirm={confirm}>
      <ClientLine client={clientOf(application)} />
      <Text fontSize="sm" color="fg.muted">
        The account opens at once: the client is e-mailed, and their dashboard shows how to fund it.
      </Text>
    </WriteDialog>
  );
}

export function RejectApplicationDialog({ application, open, onClose, onDecided }: ApplicationDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const write = useDialogAction(
    (send, text: string) =>
      send({ route: 'rejectApplication', params: { id: application.id }, body: { reason: text } }),
    'Failed to reject the application',
  );
  const reject = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    setMissing(!text);
    if (!text) return;
    const answer = await write.run(text);
    onDecided();
    if (!answer) return;
    notify('success', `${nameOf(application)} rejected`);
    onClose();
  };
  const formId = `reject-application-${application.id}`;
  const confirm = (
    <Button type="submit" form={formId} colorPalette="red" loading={write.busy}>
      Reject
    </Button>
  );
  return (
    <WriteDialog open={open} onClose={onClose} title="Reject application" write={write} confirm={confirm}>
      <ClientLine client={clientOf(application)} />
      <Text fontSize="sm" color="fg.muted">
        The account is closed and its sign-in disabled. The applicant is e-mailed the reason.
      </Text>
      <ReasonForm formId={formId} reason={reason} setReason={setReason} missing={missing} onSubmit={reject} />
    </WriteDialog>
  );
}

/** "Revoke": asks before an open invitation stops opening an account; a 409 (used or revoked meanwhile) reads the list again. */
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import type { InvitationDto } from '../../../../shared/api';
import { invitationMessages } from '../../../../shared/invitations';
import { ApiError } from '../../api/client';
import { notify } from '../../components/toaster';
import { AdminDialog } from './AdminDialog';
import { useDialogAction } from './dialog-action';

export function RevokeInvitationDialog({
  invitation,
  open,
  onClose,
  onDone,
}: {
  invitation: InvitationDto;
  open: boolean;
  onClose: () => void;
  /** After a revocation, or a refusal that says the list is stale. */
  onDone: () => void;
}) {
  const write = useDialogAction(async (send) => {
    try {
      return await send({ route: 'revokeInvitation', params: { id: invitation.id } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onDone();
      throw error;
    }
  }, 'Failed to revoke the invitation');
  const revoke = async () => {
    if (!(await write.run())) return;
    notify('success', invitationMessages.revoked, invitation.email);
    onDone();
    onClose();
  };
  return (
    <AdminDialog
      alert
      open={open}
      onClose={onClose}
      title="Revoke invitation"
      busy={write.busy}
      error={write.error}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={write.busy}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={() => void revoke()} loading={write.busy} loadingText="Revoking...">
            Revoke
          </Button>
        </>
      }
    >
      <Text>{invitationMessages.revokeConfirm(invitation.email)}</Text>
    </AdminDialog>
  );
}

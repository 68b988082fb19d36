/**
 * Deleting a client cannot be undone: the administrator types the client's e-mail before the
 * Delete button does anything, so a slip of the row menu deletes nobody.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { ClientDto } from '../../../../shared/api';
import { successToasts, toastMessages, validation } from '../../../../shared/messages';
import { notify } from '../../components/toaster';
import { WriteDialog } from './AdminDialog';
import { ClientLine } from './ClientLine';
import { useDialogAction } from './dialog-action';
import { confirmsEmail } from './words';

export function DeleteClientDialog({
  client,
  open,
  onClose,
  onDeleted,
}: {
  client: ClientDto;
  open: boolean;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const deletion = useDialogAction(
    (send) => send({ route: 'deleteClient', params: { id: client.id } }),
    toastMessages.deleteClientFailed,
  );
  const confirmed = confirmsEmail(typed, client.email);
  const remove = async () => {
    if (!confirmed || !(await deletion.run())) return;
    onDeleted(client.id);
    notify('success', successToasts.clientDeleted);
    onClose();
  };
  return (
    <WriteDialog
      alert
      open={open}
      onClose={onClose}
      title="Delete client"
      write={deletion}
      confirm={
        <Button colorPalette="red" onClick={() => void remove()} disabled={!confirmed} loading={deletion.busy}>
          Delete
        </Button>
      }
    >
      <ClientLine client={client} />
      <Text>{validation.deleteConfirmation(client.email)}</Text>
      <Field.Root>
        <Field.Label>Type the client's e-mail to confirm</Field.Label>
        <Input
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={client.email}
        />
      </Field.Root>
    </WriteDialog>
  );
}

/**
 * The frame of the admin pages' dialogs: a title, the body, the footer's buttons, and the error
 * of the write the dialog sent. It cannot be closed while that write runs.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { toastTitles } from '../../../../shared/messages';
import { DialogFrame } from '../../components/dialog-frame';
import { FormAlert } from './FormAlert';

interface AdminDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  busy?: boolean;
  /** The failure of the dialog's write, said where its button is, titled "Error" as the console's failures are. */
  error?: string | null;
  /** An alert dialog: one that asks before something that cannot be undone. */
  alert?: boolean;
  size?: 'md' | 'lg';
  footer: ReactNode;
  children: ReactNode;
}

export function AdminDialog({
  open,
  onClose,
  title,
  busy = false,
  error,
  alert = false,
  size = 'md',
  footer,
  children,
}: AdminDialogProps) {
  return (
    <DialogFrame
      role={alert ? 'alertdialog' : 'dialog'}
      open={open}
      onOpenChange={(next) => !next && onClose()}
      busy={busy}
      size={size}
      scrollBehavior="inside"
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">{children}</Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
        {error && <FormAlert title={toastTitles.error} message={error} />}
        <Box display="flex" gap="3" justifyContent="flex-end" flexWrap="wrap">
          {footer}
        </Box>
      </Dialog.Footer>
    </DialogFrame>
  );
}

/**
 * An admin dialog that sends one write (useDialogAction): held open while it runs, its failure
 * said in the dialog, and a footer of Cancel (held too) then `confirm`, the button that sends it.
 */
export function WriteDialog({
  write,
  confirm,
  ...dialog
}: Omit<AdminDialogProps, 'busy' | 'error' | 'footer'> & {
  write: { busy: boolean; error: string | null };
  confirm: ReactNode;
}) {
  const footer = (
    <>
      <Button variant="outline" onClick={dialog.onClose} disabled={write.busy}>
        Cancel
      </Button>
      {confirm}
    </>
  );
  return <AdminDialog {...dialog} busy={write.busy} error={write.error} footer={footer} />;
}

/** Label and value pairs: what a dialog asks the administrator to check before confirming. */
export function Facts({ items }: { items: [term: string, value: ReactNode][] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="minmax(8rem, auto) 1fr" columnGap="4" rowGap="2">
      {items.map(([term, value]) => (
        <Box key={term} display="contents">
          <Text as="dt" color="fg.muted">
            {term}
          </Text>
          <Text as="dd" fontWeight="medium" wordBreak="break-word">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

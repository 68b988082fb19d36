/**
 * The frame of the admin pages' dialogs: a title, the body, the footer's buttons, and the error
 * of the write the dialog sent. It cannot be closed while that write runs.
 */
import { Box } from '@chakra-ui/react/box';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

export function AdminDialog({ open, onClose, title, busy = false, error, alert = false, size = 'md', footer, children }: {
  open: boolean;
  onClose: () => void;
  title: string;
  busy?: boolean;
  /** The failure of the dialog's write, said where its button is. */
  error?: string | null;
  /** An alert dialog: one that asks before something that cannot be undone. */
  alert?: boolean;
  size?: 'md' | 'lg';
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role={alert ? 'alertdialog' : 'dialog'}
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
      placement="center"
      size={size}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">{children}</Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
              {error && (
                <Text role="alert" color="red.fg" fontSize="sm">
                  {error}
                </Text>
              )}
              <Box display="flex" gap="3" justifyContent="flex-end" flexWrap="wrap">
                {footer}
              </Box>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
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

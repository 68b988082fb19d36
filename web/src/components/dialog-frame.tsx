/**
 * The frame every dialog of the portal sits in: centred, mounted only while open, and held open
 * while `busy` (a write it sent is running), so a click outside cannot lose the write's answer.
 */
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

export function DialogFrame({
  open,
  onOpenChange,
  busy = false,
  children,
  ...root
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy?: boolean;
  /** What the dialog holds: its header, body and footer. */
  children: ReactNode;
} & Pick<Dialog.RootProps, 'role' | 'size' | 'scrollBehavior'>) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      {...root}
      open={open}
      onOpenChange={(e) => !busy && onOpenChange(e.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

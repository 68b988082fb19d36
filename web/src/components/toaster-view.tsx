/**
 * The toasts themselves (Chakra's Toaster, its state machine and its recipe): a chunk of its own,
 * loaded by components/toaster.tsx with the first toast, or when a visitor starts on a form. Its
 * recipe comes with it rather than from the app's system, so none of it weighs on the first screen.
 */
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { createToaster, Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';

export type ToastKind = 'success' | 'error' | 'info';

/**
 * One at a time, 5 s, viewport hotkey F8 (the product's toasts). At the bottom: the top right is
 * where the header's actions are (account, theme, sign out), and a toast must never lie over
 * them. At the end on a wide screen; across the width on a phone (the inset below).
 */
export const toaster = createToaster({ placement: 'bottom-end', max: 1, duration: 5000, hotkey: ['F8'], pauseOnPageIdle: true });

/** In place of the one showing, if any: the newest news is the one that matters. */
export function show(kind: ToastKind, title: string, description?: string): void {
  toaster.remove();
  toaster.create({ type: kind, title, description });
}

export function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Dismiss" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

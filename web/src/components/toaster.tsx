/** Toasts as the spec has them: one at a time, 5 s, viewport hotkey F8. */
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { createToaster, Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';

export const toaster = createToaster({ placement: 'top-end', max: 1, duration: 5000, hotkey: ['F8'], pauseOnPageIdle: true });

export type ToastKind = 'success' | 'error' | 'info';

/**
 * Shows a toast in place of the one showing, if any: the newest news is the one that matters.
 * Deferred to a microtask because the toast store renders synchronously (flushSync), which React
 * forbids while it is rendering or running effects, where load failures are noticed.
 */
export function notify(kind: ToastKind, title: string, description?: string): void {
  queueMicrotask(() => {
    toaster.remove();
    toaster.create({ type: kind, title, description });
  });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
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

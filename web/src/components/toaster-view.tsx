/**
 * The toasts themselves (Chakra's Toaster, its state machine and its recipe): a chunk of its own,
 * loaded by components/toaster.tsx with the first toast, or when a visitor starts on a form. Its
 * recipe comes with it rather than from the app's system, so none of it weighs on the first screen.
 */
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { createToaster, Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

export type ToastKind = 'success' | 'error' | 'info';

/**
 * One at a time, 5 s, viewport hotkey F8 (the product's toasts), each the outcome of something
 * done. At the top centre, just under the header: there a page has only its title (PageShell's
 * title block holds no control), while the header's actions lie above, and the chart's range
 * buttons, the tables' actions and the dialogs' buttons lie to the sides and below, where a toast
 * at the foot or a corner of the screen lay over them. The offset clears the header (64 px on a
 * wide screen, 56 on a phone) and, on the signed-out pages, the theme menu. A fixed width on a
 * wide screen; across it on a phone (the inset below).
 */
export const TOAST_TOP_OFFSET = '72px';

export const toaster = createToaster({
  placement: 'top',
  offsets: { top: TOAST_TOP_OFFSET, bottom: '16px', left: '16px', right: '16px' },
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

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

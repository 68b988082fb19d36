/**
 * Toasts (one at a time, 5 s, F8), through `notify`. What shows them
 * (components/toaster-view.tsx: Chakra's toast machine and recipe) loads with the first toast, or
 * ahead of it when a visitor starts on a form (`prepareToasts`): the first screen does without it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

import type { ToastKind } from './toaster-view';

export type { ToastKind };

type View = typeof import('./toaster-view');
let view: Promise<View> | null = null;
const loadView = (): Promise<View> =>
  (view ??= import('./toaster-view').catch((error: unknown) => {
    view = null; // fetched again with the next toast
    throw error;
  }));

const ToasterView = lazy(() => loadView().then((m) => ({ default: m.ToasterView })));

/** Whether a toast was asked for, and the mounted Toaster to tell when one is. */
let wanted = false;
const mounted = new Set<() => void>();

/** Starts loading what shows toasts, when one is likely soon. */
export function prepareToasts(): void {
  void loadView().catch(() => undefined);
}

/**
 * Shows a toast in place of the one showing, if any. Deferred to a microtask because the toast
 * store renders synchronously (flushSync), which React forbids while it is rendering or running
 * effects, where load failures are noticed.
 */
export function notify(kind: ToastKind, title: string, description?: string): void {
  wanted = true;
  for (const show of mounted) show();
  void loadView().then(
    (v) => queueMicrotask(() => v.show(kind, title, description)),
    (error: unknown) => console.error('toasts could not load', error),
  );
}

/** Removes every toast (tests start each case with none). */
export async function clearToasts(): Promise<void> {
  if (view) (await view).toaster.remove();
}

export function Toaster() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    const show = () => setOn(true);
    mounted.add(show);
    if (wanted) show();
    return () => {
      mounted.delete(show);
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

/**
 * The foot of every page: the firm's legal name, its risk disclosure, its terms and privacy
 * notice, and how to reach it (components/footer-view.tsx), from the stage's settings in
 * config.json (shared/site-config.ts, `firm`). Shown once the app runs, not in the prerendered
 * signed-out pages: those are built once for every stage, and the firm is the stage's. Its view is
 * a chunk of its own, so the first screen carries none of it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppConfig } from '../config-context';

const FooterView = lazy(() => import('./footer-view'));

const never = () => () => undefined;

/** False while a prerendered page is hydrated (it was built without the footer), true from then on. */
const useClient = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

export function PageFooter() {
  const { firm } = useAppConfig();
  const client = useClient();
  if (!firm || !client) return null;
  return (
    <Suspense fallback={null}>
      <FooterView firm={firm} />
    </Suspense>
  );
}

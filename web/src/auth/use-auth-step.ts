/**
 * One step of a sign-in, sign-up or reset form: busy while it runs, and a failure told once,
 * as the flow's toast in the spec's words. (The API's writes have the same in useApiMutation;
 * these steps call Cognito through Amplify, and the first screen does not load SWR's mutations.)
 */
import { useCallback, useState } from 'react';
import { notify } from '../components/toaster';
import { authErrorMessage, type Flow } from './errors';

/** What a step that succeeded leaves: `leaving` keeps the form busy while the page changes, so its button does not flash back. */
export type StepOutcome = 'leaving' | void;

/** `flow`: the words of a sign-in, sign-up or reset flow, or a page's own mapping of the error to words. */
export function useAuthStep(flow: Flow | ((error: unknown) => string), failureTitle: string) {
  const [busy, setBusy] = useState(false);
  /** Runs `step`; answers whether it succeeded (a failure has been told). */
  const run = useCallback(
    async (step: () => Promise<StepOutcome>): Promise<boolean> => {
      setBusy(true);
      try {
        if ((await step()) !== 'leaving') setBusy(false);
        return true;
      } catch (error) {
        notify('error', failureTitle, typeof flow === 'function' ? flow(error) : authErrorMessage(flow, error));
        setBusy(false);
        return false;
      }
    },
    [flow, failureTitle],
  );
  return { busy, run };
}

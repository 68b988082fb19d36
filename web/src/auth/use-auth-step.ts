/**
 * One step of a sign-in, sign-up, reset or account form: busy while it runs, and what went wrong
 * kept to be shown where it belongs: under the field it concerns, or over the form. (The API's
 * writes have useApiMutation; these steps call Cognito through Amplify, and the first screen does
 * not load SWR's mutations.)
 */
import { useCallback, useState } from 'react';

/** What a step that succeeded leaves: `leaving` keeps the form busy while the page changes, so its button does not flash back. */
export type StepOutcome = 'leaving' | void;

/** What is wrong with a form: each field's problem by the field's name, and the form's own (`form`). */
export type Problems<F extends string> = Partial<Record<F | 'form', string>>;

/** What a form says over its fields when a step fails: the product's title for it, and the problem. */
export interface FormFailure {
  title: string;
  message: string;
}

/**
 * The alert over a form with problems: the form's own problem, or else the first field's (each
 * field still says its own under it), under `title` (one for the form, or one by message).
 */
export function failureOf<F extends string>(
  problems: Problems<F>,
  title: string | ((message: string) => string),
): FormFailure | null {
  const message = problems.form ?? Object.values<string | undefined>(problems).find(Boolean);
  if (!message) return null;
  return { title: typeof title === 'string' ? title : title(message), message };
}

/** `describe`: a failure in the product's words, at the field it concerns (auth/errors.ts authProblems, a page's own). */
export function useAuthStep<F extends string>(describe: (error: unknown) => Problems<F>) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems<F>>({});
  /** Runs `step`; answers whether it succeeded (a failure is in `problems`). */
  const run = useCallback(
    async (step: () => Promise<StepOutcome>): Promise<boolean> => {
      setBusy(true);
      setProblems({});
      try {
        if ((await step()) !== 'leaving') setBusy(false);
        return true;
      } catch (error) {
        setProblems(describe(error));
        setBusy(false);
        return false;
      }
    },
    [describe],
  );
  /** Typing in a field answers its problem, and the form's (often about that field: a wrong password). */
  const clear = useCallback(
    (field: F) =>
      setProblems((now) => (now[field] || now.form ? { ...now, [field]: undefined, form: undefined } : now)),
    [],
  );
  /** A field's change handler: keeps the value and clears the field's problem. */
  const edit = useCallback(
    (field: F, set: (value: string) => void) => (value: string) => {
      set(value);
      clear(field);
    },
    [clear],
  );
  /** A field's props from this step: its value, its change handler (edit) and its problem. */
  const fieldProps = useCallback(
    (field: F, value: string, set: (value: string) => void) => ({
      value,
      onChange: edit(field, set),
      error: problems[field],
    }),
    [edit, problems],
  );
  return { busy, run, problems, setProblems, clear, edit, fieldProps };
}

/**
 * "Sign in with a passkey" once pressed: the e-mail's check, the sign-in, and its failure in the
 * product's words at the field it concerns. Loaded when the button is pressed, not with the first
 * screen, which is at its size budget (web/build.ts).
 */
import { emailProblem } from '../../../shared/forms';
import type { AuthField } from './errors';
import { passkeyProblems } from './passkey-errors';
import type { AuthBackend } from './session';
import type { Problems } from './use-auth-step';
// A lazy part imports the app, which has loaded before it runs, so that esbuild keeps the first
// screen in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

/** Signs in with a passkey of the account whose e-mail is typed; what went wrong when it did not. */
export async function passkeySignIn(
  backend: Pick<AuthBackend, 'signInWithPasskey'>,
  email: string,
): Promise<'signedIn' | 'totpCode' | Problems<AuthField>> {
  const unfit = emailProblem(email);
  if (unfit) return { email: unfit };
  try {
    return await backend.signInWithPasskey(email);
  } catch (error) {
    return passkeyProblems(error);
  }
}

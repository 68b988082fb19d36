/**
 * How a new client's profile starts, by the stage's sign-up mode (shared/client-sign-up.ts):
 * `open` makes it active at once; `review` makes it applied, waiting for an administrator's
 * decision (applications.ts). Staff accounts are decided apart (createProfile).
 */
import type { ClientSignUp } from '../../../shared/client-sign-up';

export type SignUpStatus = 'active' | 'applied';

export function signUpStatus(mode: ClientSignUp): SignUpStatus {
  return mode === 'review' ? 'applied' : 'active';
}

/**
 * The bodies of the routes that change the caller's own sign-in (POST /api/me/...): a code from
 * the authenticator app, and a password change. The same rules and words as the account page's
 * own checks (forms.ts), so the API refuses what the page would, before Cognito is asked.
 */
import * as z from 'zod/mini';
import { checkNewPassword, MAX_PASSWORD_LENGTH } from './forms';
import { apiMessages, errors } from './messages';

/** POST /api/me/two-factor/verify: the app's current 6-digit code. */
export const twoFactorCodeBody = z.strictObject({
  code: z.string({ error: errors.twoFactor.codeRequired }).check(z.regex(/^\d{6}$/, { error: errors.twoFactor.codeRequired })),
});

/** POST /api/me/password: the password in force, and a new one Cognito's policy takes. */
export const passwordChangeBody = z.strictObject({
  previousPassword: z
    .string({ error: errors.account.currentPasswordRequired })
    .check(z.minLength(1, { error: errors.account.currentPasswordRequired }), z.maxLength(MAX_PASSWORD_LENGTH, { error: apiMessages.passwordTooLong })),
  proposedPassword: z.string({ error: apiMessages.passwordRequired }).check(
    z.superRefine((password, ctx) => {
      const problem = checkNewPassword(password);
      if (problem) ctx.issues.push({ code: 'custom', message: problem.description, input: password });
    }),
  ),
});

/**
 * The bodies of the routes that change the caller's own sign-in (POST /api/me/...): the password
 * in force and a code from the authenticator app for the second factor's life, and a password
 * change. The same rules and words as the account page's own checks (forms.ts), so the API
 * refuses what the page would, before Cognito is asked.
 */
import * as z from 'zod/mini';
import { checkNewPassword, MAX_PASSWORD_LENGTH } from './forms';
import { apiMessages, errors } from './messages';

/** An authenticator app's 6-digit code. */
export const totpCode = z
  .string({ error: errors.twoFactor.codeRequired })
  .check(z.regex(/^\d{6}$/, { error: errors.twoFactor.codeRequired }));

/** The password in force, as the user types it (Cognito checks it). */
export const currentPassword = z
  .string({ error: errors.account.currentPasswordRequired })
  .check(
    z.minLength(1, { error: errors.account.currentPasswordRequired }),
    z.maxLength(MAX_PASSWORD_LENGTH, { error: apiMessages.passwordTooLong }),
  );

/** POST /api/me/two-factor/verify: the new app's current 6-digit code. */
export const twoFactorCodeBody = z.strictObject({ code: totpCode });

/** POST /api/me/two-factor/setup: the password in force, so a token alone cannot add an app. */
export const twoFactorSetupBody = z.strictObject({ password: currentPassword });

/** POST /api/me/two-factor/disable: the password in force and a current code of the app in force. */
export const twoFactorDisableBody = z.strictObject({ password: currentPassword, code: totpCode });

/** POST /api/me/password: the password in force, and a new one Cognito's policy takes. */
export const passwordChangeBody = z.strictObject({
  previousPassword: currentPassword,
  proposedPassword: z.string({ error: apiMessages.passwordRequired }).check(
    z.superRefine((password, ctx) => {
      const problem = checkNewPassword(password);
      if (problem) ctx.issues.push({ code: 'custom', message: problem.description, input: password });
    }),
  ),
});

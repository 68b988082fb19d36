/**
 * Cognito custom message: the verification and password-reset e-mails carry the code for typing
 * and a link back to the site that completes the step (docs/product.md, "Sign-in and roles").
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { config } from '../lib/runtime/config';

function page(title: string, lines: string[]): string {
  return `<html><body style="font-family:sans-serif"><h2>${title}</h2>${lines.map((l) => `<p>${l}</p>`).join('')}</body></html>`;
}

export function linkFor(path: '/signup' | '/forgot-password', email: string, code: string): string {
  // The code placeholder must stay literal: Cognito replaces it with the digits.
  return `${config.siteUrl}${path}?email=${encodeURIComponent(email)}&code=${code}`;
}

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const code = event.request.codeParameter;
  const email = event.request.userAttributes.email ?? '';
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link = linkFor('/signup', email, code);
      event.response.emailSubject = 'Verify your Aurum account';
      event.response.emailMessage = page('Welcome to Aurum', [
        `Your verification code is <b>${code}</b>.`,
        `Or finish creating your account here: <a href="${link}">${link}</a>`,
      ]);
      break;
    }
    case 'CustomMessage_ForgotPassword': {
      const link = linkFor('/forgot-password', email, code);
      event.response.emailSubject = 'Reset your Aurum password';
      event.response.emailMessage = page('Reset your password', [
        `Your password reset code is <b>${code}</b>.`,
        `Or choose a new password here: <a href="${link}">${link}</a>`,
        'If you did not ask for this, you can ignore this e-mail.',
      ]);
      break;
    }
    // Cognito's own words for the rest: the portal neither invites users nor verifies a changed
    // address, and sign-in codes go by authenticator app.
    case 'CustomMessage_AdminCreateUser':
    case 'CustomMessage_Authentication':
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      break;
  }
  return event;
};

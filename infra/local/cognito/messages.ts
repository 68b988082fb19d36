/**
 * cognito-local's message delivery, replaced: the text is Cognito's default (or what the
 * CustomMessage trigger makes of it), and every e-mail goes to `options.onEmail` instead of the
 * console, so tests and the local stack can read the codes. SMS is never sent: the pool verifies
 * e-mail only.
 */
import type { Logger } from 'pino';
import { attributeValue, type Messages } from './cognito-local-internals';
import { CODE_PARAMETER, USERNAME_PARAMETER, customMessageEvent } from './trigger-events';
import type { LocalTriggers } from './triggers';
import type { CapturedEmail } from './types';

const verificationCode = { subject: 'Your verification code', body: `Your verification code is ${CODE_PARAMETER}. ` };

const DEFAULT_MESSAGES: Record<string, { subject: string; body: string }> = {
  SignUp: verificationCode,
  ResendCode: verificationCode,
  ForgotPassword: { subject: 'Your verification code', body: `Your password reset code is ${CODE_PARAMETER}. ` },
  AdminCreateUser: {
    subject: 'Your temporary password',
    body: `Your username is ${USERNAME_PARAMETER} and temporary password is ${CODE_PARAMETER}. `,
  },
  UpdateUserAttribute: verificationCode,
};
const FALLBACK_MESSAGE = { subject: 'Your verification code', body: `Your code is ${CODE_PARAMETER}. ` };

export function createMessages(options: {
  logger: Logger;
  triggers: LocalTriggers;
  onEmail: ((mail: CapturedEmail) => void) | undefined;
}): Messages {
  const { logger, triggers, onEmail } = options;

  return {
    async deliver(_ctx, source, clientId, userPoolId, user, code, clientMetadata, delivery) {
      const template = DEFAULT_MESSAGES[source] ?? FALLBACK_MESSAGE;
      let subject = template.subject;
      let body = template.body;
      const fn = triggers.customMessage;
      if (fn) {
        const event = customMessageEvent(triggers.region, { source, clientId, userPoolId, user, clientMetadata });
        const out = await triggers.callTrigger('CustomMessage', fn, event);
        if (out.response?.emailMessage) body = out.response.emailMessage;
        if (out.response?.emailSubject) subject = out.response.emailSubject;
      }
      const fill = (text: string) =>
        text.split(CODE_PARAMETER).join(code).split(USERNAME_PARAMETER).join(user.Username);
      const mail: CapturedEmail = {
        to: delivery?.Destination ?? attributeValue('email', user.Attributes) ?? '',
        subject: fill(subject),
        body: fill(body),
        code: code ?? null,
        sentAt: new Date().toISOString(),
        kind: source,
        username: user.Username,
      };
      if (delivery?.DeliveryMedium && delivery.DeliveryMedium !== 'EMAIL') {
        logger.info({ to: mail.to, code }, 'SMS not delivered (local Cognito sends e-mail only)');
        return;
      }
      if (onEmail) onEmail(mail);
      else logger.info({ mail }, 'e-mail (no onEmail handler)');
    },
  };
}

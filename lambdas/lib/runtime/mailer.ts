/**
 * The notifier's sender, chosen by the runtime (runtime.ts):
 *   - a mailer hook given to configureRuntime (the local stack's, delivering to its mailbox), else
 *   - SES v2 from the `notifyFrom` identity (NOTIFY_FROM), through the runtime's one SES client, else
 *   - none: notifications are off (logged once per configuration), and nothing is sent.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { logger } from './logger';
import { sesClient } from './clients';
import type { OutgoingMail } from './hooks';
import { runtimeHooks, runtimeSettings } from './runtime';

export type { OutgoingMail };

export type Mailer = (mail: OutgoingMail) => Promise<void>;

/** The settings object notifications were last found off for: logged once for each configuration. */
let warnedFor: object | undefined;

/** The sender to use now, or null when notifications are off. */
export function currentMailer(): Mailer | null {
  const hook = runtimeHooks().mailer;
  if (hook) return hook;
  const settings = runtimeSettings();
  const from = settings.notifyFrom;
  if (from) return (mail) => sendWithSes(from, mail, settings.notifyConfigurationSet);
  if (warnedFor !== settings) {
    warnedFor = settings;
    logger.warn('notifications are off: no SES identity (NOTIFY_FROM is not set)');
  }
  return null;
}

async function sendWithSes(from: string, mail: OutgoingMail, configurationSet: string | undefined): Promise<void> {
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
  );
}

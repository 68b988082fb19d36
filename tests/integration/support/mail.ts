/** The local mailbox, waited on: an e-mail reaches it once the notifier has read the table's stream. */
import type { Client } from './client';
import { eventually } from './eventually';

type Mail = Awaited<ReturnType<Client['mailbox']>>[number];

/**
 * Waits until at least `count` e-mails to `to` have a subject equal to (or matching) `subject`,
 * and answers them; past `timeout` ms it fails, with `explain()` added to the message.
 */
export function mailsArrived(
  client: Client,
  to: string,
  subject: string | RegExp,
  { count = 1, timeout = 10_000, explain }: { count?: number; timeout?: number; explain?: () => string } = {},
): Promise<Mail[]> {
  const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
  return eventually(
    async () => {
      const found = (await client.mailbox(to)).filter((m) => matches(m.subject));
      if (found.length < count)
        throw new Error(
          `${found.length} of ${count} e-mails "${String(subject)}" to ${to} within ${timeout} ms${explain ? `\n${explain()}` : ''}`,
        );
      return found;
    },
    timeout,
    50,
  );
}

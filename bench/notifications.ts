/**
 * 6. Notifications: how long after an admin's deposit its client has the e-mail, on the local
 * stack (the table's stream polled as Lambda's event source mapping would, the notifier, the
 * local mailbox). Deposits go one at a time, each waited for, so each delay is the path's own and
 * not a queue's. The delay runs from just before the deposit is sent to the moment the mailbox
 * stored the e-mail (its sentAt: the same clock, the same process).
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import { buildPath, routeByName } from '../shared/api';
import { httpCall } from './latency';
import { type AddRow, fmt, percentile, sleep } from './stats';

export interface NotificationPlan {
  agent: Agent;
  baseUrl: string;
  admin: { accessToken: string };
  /** A live client with a profile: the e-mails go to its address. */
  client: { sub: string; email: string };
  deposits: number;
  /** Deposits sent and waited for first, unmeasured: the stream's backlog from seeding drains. */
  warmup: number;
}

interface MailSeen {
  subject: string;
  sentAt: string;
}

const POLL_MS = 10;
const WAIT_LIMIT_MS = 5 * 60_000;

async function mailboxOf(baseUrl: string, to: string): Promise<MailSeen[]> {
  const res = await fetch(`${baseUrl}/__local/mailbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as MailSeen[];
}

/** One deposit of `cents` and the wait for its e-mail: the API's answer time and the e-mail's delay, in ms. */
async function depositAndWait(
  plan: NotificationPlan,
  cents: number,
): Promise<{ answeredMs: number; mailedMs: number }> {
  const amount = cents / 100;
  const subject = `Deposit of $${amount.toFixed(2)} recorded`;
  const url = new URL(buildPath(routeByName('addDeposit').path, { id: plan.client.sub }), plan.baseUrl);
  const started = Date.now();
  const res = await httpCall(
    plan.agent,
    'POST',
    url,
    plan.admin.accessToken,
    { amount, note: 'bench' },
    { 'idempotency-key': randomUUID() },
  );
  const answeredMs = Date.now() - started;
  if (res.status !== 200) throw new Error(`deposit answered ${res.status}: ${res.body}`);
  for (;;) {
    const mail = (await mailboxOf(plan.baseUrl, plan.client.email)).find((m) => m.subject === subject);
    if (mail) return { answeredMs, mailedMs: Date.parse(mail.sentAt) - started };
    if (Date.now() - started > WAIT_LIMIT_MS)
      throw new Error(`no e-mail "${subject}" within ${WAIT_LIMIT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

export async function measureNotificationDelay(
  plan: NotificationPlan,
  row: AddRow,
  progress: (message: string) => void,
): Promise<void> {
  progress(`notifications: ${plan.warmup} warm-up deposits, then ${plan.deposits} measured, one at a time`);
  // Amounts are unique (whole cents counted up), so each e-mail's subject names its deposit.
  let cents = 100;
  for (let i = 0; i < plan.warmup; i++) await depositAndWait(plan, (cents += 1));
  const answered: number[] = [];
  const mailed: number[] = [];
  for (let i = 0; i < plan.deposits; i++) {
    const { answeredMs, mailedMs } = await depositAndWait(plan, (cents += 1));
    answered.push(answeredMs);
    mailed.push(mailedMs);
  }
  const at = (values: number[], p: number) => fmt(percentile(values, p), 0);
  row(
    '6. deposit to its e-mail (local stack)',
    at(mailed, 50),
    'ms p50',
    `p90 ${at(mailed, 90)} ms, p99 ${at(mailed, 99)} ms, max ${fmt(Math.max(...mailed), 0)} ms over ${plan.deposits} deposits one at a time; the stream is polled every 250 ms, as Lambda's event source mapping polls (~4 times a second)`,
    mailed.length,
  );
  row(
    '6. deposit answered (same deposits)',
    at(answered, 50),
    'ms p50',
    `p99 ${at(answered, 99)} ms: the money move, which never waits for its e-mail`,
    answered.length,
  );
}

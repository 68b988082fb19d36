/**
 * E-mail notifications end to end on the local stack: a money move or a withdrawal request is
 * written through the API, the table's stream reaches the notifier (infra/local/stream-poller.ts,
 * as Lambda's event source mapping), and the e-mail lands in the local mailbox, once. A failing
 * sender delays the e-mail, never the money move.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_ADMIN } from '../../infra/local/seed';
import type { Session } from './support/client';
import { type StackContext, useTestStack } from './support/use-stack';

const DEADLINE_MS = 10_000;
/** After the awaited e-mails arrived: long enough for a duplicate to follow them (the poller polls every 250 ms). */
const QUIET_MS = 1_000;

interface StoredMail {
  to: string;
  subject: string;
  body: string;
}

function mailHelpers(t: StackContext) {
  /** Polls the mailbox until `count` e-mails to `to` have this subject, or the deadline passes. */
  async function waitForMails(to: string, subject: string | RegExp, count = 1): Promise<void> {
    const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const found = (await t.client.mailbox(to)).filter((m) => matches(m.subject)).length;
      if (found >= count) return;
      if (Date.now() > deadline) throw new Error(`${found} of ${count} e-mails "${String(subject)}" to ${to} within ${DEADLINE_MS} ms`);
      await delay(50);
    }
  }

  /** The stored e-mails (with their text) to `to`, from the mailbox file; retried while a write is under way. */
  function storedMails(to: string): StoredMail[] {
    const file = join(t.stack.dataDir, 'mailbox.json');
    for (let attempt = 0; ; attempt++) {
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as StoredMail[]).filter((m) => m.to === to.toLowerCase());
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  }

  /** Exactly `count` e-mails to `to` with this subject: waits for them, then makes sure no more follow. */
  async function expectExactly(to: string, subject: string, count = 1): Promise<StoredMail[]> {
    await waitForMails(to, subject, count);
    await delay(QUIET_MS);
    const mails = storedMails(to).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(count);
    return mails;
  }

  return { waitForMails, storedMails, expectExactly };
}

describe('notifications (seeded stack)', () => {
  const t = useTestStack();
  const { storedMails, expectExactly } = mailHelpers(t);
  let admin: Session;

  beforeAll(async () => {
    admin = await t.client.newAdmin();
  });

  const adminAddresses = () => [admin.email, DEMO_ADMIN];
  const expectNoAdminIn = (mails: StoredMail[]) => {
    for (const mail of mails) for (const address of adminAddresses()) expect(`${mail.subject}\n${mail.body}`).not.toContain(address);
  };
  const depositTo = (session: Session, amount: number, timestamp?: string) =>
    t.client.call('addDeposit', { token: admin.accessToken, params: { id: session.sub }, body: { amount, note: 'wire transfer', ...(timestamp ? { timestamp } : {}) } });

  it('an admin deposit e-mails its client once, with the amount and no admin address', async () => {
    const client = await t.client.newClient('notified');
    expect((await depositTo(client, 1234.56)).status).toBe(200);
    const [mail] = await expectExactly(client.email, 'Deposit of $1,234.56 recorded');
    expect(mail?.body).toContain('$1,234.56');
    expect(mail?.body).toContain('wire transfer');
    expectNoAdminIn(storedMails(client.email));
    // Nothing to the admins about it.
    for (const address of adminAddresses()) expect(storedMails(address).filter((m) => m.subject.startsWith('Deposit'))).toEqual([]);
  });

  it('a processed withdrawal and a balance edit e-mail the client once each', async () => {
    const client = await t.client.newClient('moved');
    expect((await depositTo(client, 500)).status).toBe(200);
    const withdrawal = await t.client.call('processWithdrawal', { token: admin.accessToken, params: { id: client.sub }, body: { amount: 100 } });
    expect(withdrawal.status).toBe(200);
    await expectExactly(client.email, 'Withdrawal of $100.00 processed');
    const edit = await t.client.call('updateBalance', { token: admin.accessToken, params: { id: client.sub }, body: { balance: 1000 } });
    expect(edit.status).toBe(200);
    const [mail] = await expectExactly(client.email, 'Your balance was updated');
    expect(mail?.body).toContain('$400.00');
    expect(mail?.body).toContain('$1,000.00');
    expectNoAdminIn(storedMails(client.email));
  });

  it('a withdrawal request tells the client and every admin; the decision tells the client once', async () => {
    const client = await t.client.newClient('requester');
    const sevenMonthsAgo = new Date(Date.now() - 213 * 86_400_000).toISOString();
    expect((await depositTo(client, 1000, sevenMonthsAgo)).status).toBe(200);
    const ask = async (amount: number) => {
      const res = await t.client.call('requestWithdrawal', { token: client.accessToken, body: { userId: client.sub, userEmail: client.email, amount } });
      expect(res.status).toBe(201);
      return res.body.request.id;
    };

    const toApprove = await ask(1);
    await expectExactly(client.email, 'Withdrawal request of $1.00 received');
    for (const address of adminAddresses()) {
      const [mail] = await expectExactly(address, 'New withdrawal request for $1.00');
      expect(mail?.body).toContain(client.email);
    }
    expect((await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id: toApprove } })).status).toBe(200);
    await expectExactly(client.email, 'Your withdrawal request was approved');
    // The approval's withdrawal entry carries the request: no second e-mail about the same money.
    expect(storedMails(client.email).filter((m) => m.subject.startsWith('Withdrawal of'))).toEqual([]);

    const toReject = await ask(2);
    await expectExactly(client.email, 'Withdrawal request of $2.00 received');
    const reason = 'Please call us about this one';
    expect((await t.client.call('rejectWithdrawalRequest', { token: admin.accessToken, params: { id: toReject }, body: { reason } })).status).toBe(200);
    const [rejection] = await expectExactly(client.email, 'Your withdrawal request was rejected');
    expect(rejection?.body).toContain(reason);
    expectNoAdminIn(storedMails(client.email));
  });
});

describe('notifications when sending fails (LOCAL_MAIL_FAIL_TIMES=2)', () => {
  const t = useTestStack({ seed: false, env: { LOCAL_MAIL_FAIL_TIMES: '2' } });
  const { expectExactly } = mailHelpers(t);

  it('the deposit stands at once and its e-mail arrives once, after the retries', async () => {
    const admin = await t.client.newAdmin();
    const client = await t.client.newClient('unlucky');
    const res = await t.client.call('addDeposit', { token: admin.accessToken, params: { id: client.sub }, body: { amount: 42 } });
    expect(res.status).toBe(200);
    // Recorded before any e-mail was tried.
    const listed = await t.client.call('listTransactions', { token: client.accessToken, params: { uid: client.sub } });
    expect(listed.body.map((tx) => tx.amount)).toEqual([42]);
    await expectExactly(client.email, 'Deposit of $42.00 recorded');
    // Retried within the mapping's attempts: nothing reached the on-failure destination.
    expect(existsSync(join(t.stack.dataDir, 'stream-failures.jsonl'))).toBe(false);
  });
});

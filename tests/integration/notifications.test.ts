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
import { formatUtcDate } from '../../lambdas/notifications/email-format';
import type { Session } from './support/client';
import { eventually } from './support/eventually';
import { type StackContext, useSharedStack, useTestStack } from './support/use-stack';

const DEADLINE_MS = 10_000;
/** After the awaited e-mails arrived: long enough for a duplicate to follow them (the poller polls every 250 ms). */
const QUIET_MS = 1_000;

interface StoredMail {
  to: string;
  subject: string;
  body: string;
}

function mailHelpers(t: StackContext) {
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

  /**
   * Exactly `count` e-mails to `to` with this subject (and, given `about`, with it in the text):
   * waits for them, then makes sure no more follow. `about` tells one test's e-mails from another's
   * in a mailbox the stack's tests share, as the demo administrator's is.
   */
  async function expectExactly(to: string, subject: string, count = 1, about?: string): Promise<StoredMail[]> {
    const ours = () =>
      storedMails(to).filter((m) => m.subject === subject && (about === undefined || m.body.includes(about)));
    await eventually(
      async () => {
        const found = ours().length;
        if (found < count) throw new Error(`${found} of ${count} e-mails "${subject}" to ${to}`);
      },
      DEADLINE_MS,
      50,
    );
    // A wait that no more arrive: no condition can end it early, so it is a fixed, short one.
    await delay(QUIET_MS);
    const mails = ours();
    expect(mails).toHaveLength(count);
    return mails;
  }

  return { storedMails, expectExactly };
}

describe('notifications (seeded stack)', () => {
  const t = useSharedStack();
  const { storedMails, expectExactly } = mailHelpers(t);
  let admin: Session;

  beforeAll(async () => {
    admin = await t.client.newAdmin();
  });

  const adminAddresses = () => [admin.email, DEMO_ADMIN];
  const expectNoAdminIn = (mails: StoredMail[]) => {
    for (const mail of mails)
      for (const address of adminAddresses()) expect(`${mail.subject}\n${mail.body}`).not.toContain(address);
  };
  const depositTo = (session: Session, amount: number, timestamp?: string) =>
    t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: session.sub },
      body: { amount, note: 'wire transfer', ...(timestamp ? { timestamp } : {}) },
    });

  it('an admin deposit e-mails its client once, with the amount and no admin address', async () => {
    const client = await t.client.newClient('notified');
    expect((await depositTo(client, 1234.56)).status).toBe(200);
    const [mail] = await expectExactly(client.email, 'Deposit of $1,234.56 recorded');
    expect(mail?.body).toContain('$1,234.56');
    expect(mail?.body).toContain('wire transfer');
    expectNoAdminIn(storedMails(client.email));
    // The mailbox shows it as a mail app would: its HTML part, in a sandbox (no scripts, no access to the app's origin).
    const shown = await fetch(`${t.stack.url}/__local/mailbox/latest?to=${encodeURIComponent(client.email)}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    const page = await shown.text();
    expect(page).toContain('Subject: <strong>Deposit of $1,234.56 recorded</strong>');
    expect(page).toContain('wire transfer');
    // Nothing to the admins about it.
    for (const address of adminAddresses())
      expect(storedMails(address).filter((m) => m.subject.startsWith('Deposit'))).toEqual([]);
  });

  it('a processed withdrawal and a balance edit e-mail the client once each', async () => {
    const client = await t.client.newClient('moved');
    expect((await depositTo(client, 500)).status).toBe(200);
    const withdrawal = await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { amount: 100 },
    });
    expect(withdrawal.status).toBe(200);
    await expectExactly(client.email, 'Withdrawal of $100.00 processed');
    const edit = await t.client.call('updateBalance', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { balance: 1000 },
    });
    expect(edit.status).toBe(200);
    const [mail] = await expectExactly(client.email, 'Your balance was updated');
    expect(mail?.body).toContain('$400.00');
    expect(mail?.body).toContain('$1,000.00');
    expectNoAdminIn(storedMails(client.email));
  });

  it('a withdrawal request tells the client and every admin; the decision tells the client once', async () => {
    const client = await t.client.newClient('requester');
    const sevenMonthsAgo = new Date(Date.now() - 213 * 86_400_000).toISOString();
    expect(
      (await t.client.fund(admin, client, 1000, { note: 'wire transfer', timestamp: sevenMonthsAgo })).status,
    ).toBe(200);
    const ask = async (amount: number) => {
      const res = await t.client.call('requestWithdrawal', {
        token: client.accessToken,
        body: { userId: client.sub, userEmail: client.email, amount },
      });
      expect(res.status).toBe(201);
      return res.body.request.id;
    };

    const toApprove = await ask(100);
    await expectExactly(client.email, 'Withdrawal request of $100.00 received');
    for (const address of adminAddresses()) {
      const [mail] = await expectExactly(address, 'New withdrawal request for $100.00', 1, client.email);
      expect(mail?.body).toContain(client.email);
    }
    expect(
      (await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id: toApprove } })).status,
    ).toBe(200);
    await expectExactly(client.email, 'Your withdrawal request was approved');
    // The approval's withdrawal entry carries the request: no second e-mail about the same money.
    expect(storedMails(client.email).filter((m) => m.subject.startsWith('Withdrawal of'))).toEqual([]);

    const toReject = await ask(200);
    await expectExactly(client.email, 'Withdrawal request of $200.00 received');
    const reason = 'Please call us about this one';
    expect(
      (
        await t.client.call('rejectWithdrawalRequest', {
          token: admin.accessToken,
          params: { id: toReject },
          body: { reason },
        })
      ).status,
    ).toBe(200);
    const [rejection] = await expectExactly(client.email, 'Your withdrawal request was rejected');
    expect(rejection?.body).toContain(reason);
    expectNoAdminIn(storedMails(client.email));
  });
});

describe('e-mail preferences (seeded stack)', () => {
  // A stack of its own: its weekly run grows every portfolio on the stack to a later week, and it
  // checks that no client of the stack got a summary.
  const t = useTestStack();
  const { storedMails, expectExactly } = mailHelpers(t);
  let admin: Session;

  beforeAll(async () => {
    admin = await t.client.newAdmin();
  });

  const allOn = {
    'deposit-recorded': true,
    'withdrawal-processed': true,
    'balance-edited': true,
    'admin-weekly-growth-summary': true,
    'statement-ready': true,
  };
  const preferencesOf = async (session: Session) =>
    (await t.client.call('getMyEmailPreferences', { token: session.accessToken, params: { userId: session.sub } })).body
      .preferences;

  it('a client who turned deposits off gets no deposit e-mail, but still the others and every request decision', async () => {
    const client = await t.client.newClient('quiet');
    expect(await preferencesOf(client)).toEqual(allOn);
    const saved = await t.client.call('updateMyEmailPreferences', {
      token: client.accessToken,
      params: { userId: client.sub },
      body: { ...allOn, 'deposit-recorded': false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual({ ...allOn, 'deposit-recorded': false });
    expect(await preferencesOf(client)).toEqual({ ...allOn, 'deposit-recorded': false });

    const sevenMonthsAgo = new Date(Date.now() - 213 * 86_400_000).toISOString();
    expect((await t.client.fund(admin, client, 300, { timestamp: sevenMonthsAgo })).status).toBe(200);
    expect(
      (
        await t.client.call('processWithdrawal', {
          token: admin.accessToken,
          params: { id: client.sub },
          body: { amount: 10 },
        })
      ).status,
    ).toBe(200);
    // The withdrawal's e-mail comes after the deposit's record on the same stream: once it is in, the deposit's would be too.
    await expectExactly(client.email, 'Withdrawal of $10.00 processed');
    expect(storedMails(client.email).filter((m) => m.subject.startsWith('Deposit'))).toEqual([]);

    const request = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 100 },
    });
    expect(request.status).toBe(201);
    await expectExactly(client.email, 'Withdrawal request of $100.00 received');
  });

  it('refuses a malformed or foreign change and keeps what was stored', async () => {
    const client = await t.client.newClient('careful');
    const other = await t.client.newClient('other');
    const off = { ...allOn, 'balance-edited': false };
    expect(
      (
        await t.client.call('updateMyEmailPreferences', {
          token: client.accessToken,
          params: { userId: client.sub },
          body: off,
        })
      ).status,
    ).toBe(200);
    const refusals: [unknown, string][] = [
      [{ ...allOn, 'deposit-recorded': 'no' }, 'Each e-mail preference must be true or false'],
      [{ 'deposit-recorded': false }, 'Each e-mail preference must be true or false'],
      [{ ...allOn, 'withdrawal-request-approved': false }, 'Unknown field: withdrawal-request-approved'],
      [[], 'Request body must be valid JSON'],
    ];
    for (const [body, message] of refusals) {
      const res = await t.client.callAny('updateMyEmailPreferences', {
        token: client.accessToken,
        params: { userId: client.sub },
        body,
      });
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 400 });
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // Another client's switches are not this client's to set, or to read.
    const foreign = await t.client.call('updateMyEmailPreferences', {
      token: client.accessToken,
      params: { userId: other.sub },
      body: { ...allOn, 'deposit-recorded': false },
    });
    expect(foreign.status).toBe(403);
    expect(
      (await t.client.call('getMyEmailPreferences', { token: client.accessToken, params: { userId: other.sub } }))
        .status,
    ).toBe(403);
    expect(await preferencesOf(client)).toEqual(off);
    expect(await preferencesOf(other)).toEqual(allOn);
  });

  it('a weekly run e-mails each admin its summary once, except an admin who turned it off', async () => {
    const quietAdmin = await t.client.newAdmin();
    expect(
      (
        await t.client.call('updateMyEmailPreferences', {
          token: quietAdmin.accessToken,
          params: { userId: quietAdmin.sub },
          body: { ...allOn, 'admin-weekly-growth-summary': false },
        })
      ).status,
    ).toBe(200);
    const clients = await t.client.allClients(admin.accessToken);
    // A week and a day from now: every portfolio is due.
    const now = new Date(Date.now() + 8 * 86_400_000);
    const res = await fetch(`${t.stack.url}/__local/run/weekly-growth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: now.toISOString() }),
    });
    expect(res.status).toBe(200);
    const run = (await res.json()) as { due: number; updated: number; failed: number; totalValueCents: number };
    expect(run).toMatchObject({ due: clients.length, updated: clients.length, failed: 0 });
    const subject = `Weekly growth for ${formatUtcDate(now.getTime())}: ${clients.length} portfolios grown`;
    const grown = await t.client.allClients(admin.accessToken);
    const total = grown.reduce((sum, c) => sum + Math.round(c.portfolio.balance * 100), 0);
    expect(run.totalValueCents).toBe(total);
    for (const address of [admin.email, DEMO_ADMIN]) {
      const [mail] = await expectExactly(address, subject);
      expect(mail?.body).toContain(
        `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
      expect(mail?.body).toContain(`Grown: ${clients.length}`);
    }
    expect(storedMails(quietAdmin.email).filter((m) => m.subject.startsWith('Weekly growth'))).toEqual([]);
    // No client hears of it.
    for (const c of clients)
      if (c.email !== admin.email && c.email !== quietAdmin.email && c.email !== DEMO_ADMIN)
        expect(storedMails(c.email).filter((m) => m.subject.startsWith('Weekly'))).toEqual([]);

    // Nothing is due any more: a second run in the same week tells nobody anything.
    await fetch(`${t.stack.url}/__local/run/weekly-growth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: now.toISOString() }),
    });
    await expectExactly(admin.email, subject);
  });
});

describe('notifications when sending fails (LOCAL_MAIL_FAIL_TIMES=2)', () => {
  // A stack of its own: its mail sender fails on purpose (LOCAL_MAIL_FAIL_TIMES).
  const t = useTestStack({ seed: false, env: { LOCAL_MAIL_FAIL_TIMES: '2' } });
  const { expectExactly } = mailHelpers(t);

  it('the deposit stands at once and its e-mail arrives once, after the retries', async () => {
    const admin = await t.client.newAdmin();
    const client = await t.client.newClient('unlucky');
    const res = await t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { amount: 42 },
    });
    expect(res.status).toBe(200);
    // Recorded before any e-mail was tried.
    const listed = await t.client.call('listTransactions', { token: client.accessToken, params: { uid: client.sub } });
    expect(listed.body.map((tx) => tx.amount)).toEqual([42]);
    await expectExactly(client.email, 'Deposit of $42.00 recorded');
    // Retried within the mapping's attempts: nothing reached the on-failure destination.
    expect(existsSync(join(t.stack.dataDir, 'stream-failures.jsonl'))).toBe(false);
  });
});

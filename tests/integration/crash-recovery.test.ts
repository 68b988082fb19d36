/**
 * `npm start` killed outright (SIGKILL to its whole process group) while an admin records deposits,
 * then started again on the same DATA_DIR, the admin retrying every deposit with its
 * Idempotency-Key: each deposit is in the ledger once, the balances are exact, no process of the
 * killed run is left, and every deposit's e-mail reaches the mailbox, once. The stream poller
 * resumes after its last handled record (infra/local/stream-positions.ts), so the batch in hand at
 * the crash comes again, and the notifier sends nothing twice however often a record comes
 * (sent-marker.ts), but for one case no sender can rule out: the e-mail it was sending at the very
 * moment of the crash, claimed and perhaps gone, which it sends again rather than lose (SES, like
 * the local mailer, takes no idempotency key). At most that one e-mail arrives twice, a copy from
 * before the crash and one from after.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '../../infra/local/seed';
import { formatUsd } from '../../shared/money';
import { type ApiResponse, type CallAnswer, Client, type Session } from './support/client';
import { mailsArrived } from './support/mail';
import { type GroupStack, isRunning, runningInGroup, startGroupStack } from './support/process-group-stack';

const CLIENTS = 3;
const DEPOSITS = 60;
const IN_FLIGHT = 6;
/** The crash comes once this many deposits of the first run have been answered. */
const CRASH_AFTER = 25;
/** How long the e-mails may take to arrive after the restart (a deadline for polling, not a timing assertion). */
const MAIL_DEADLINE_MS = 60_000;

interface Deposit {
  key: string;
  client: Session;
  /** Dollars, each deposit its own, so its e-mail's subject names it. */
  amount: number;
}

type DepositAnswer = ApiResponse<CallAnswer<'addDeposit'>>;

// Stacks of its own: it kills the whole stack as a crash would and starts it again on its data folder.
let dataDir: string;
let stack: GroupStack | undefined;
let client: Client | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'aurum-crash-'));
});
afterAll(async () => {
  client?.destroy();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (c: Client, admin: Session, d: Deposit) =>
  c.call('addDeposit', {
    token: admin.accessToken,
    params: { id: d.client.sub },
    body: { amount: d.amount, note: 'crash test' },
    headers: { 'Idempotency-Key': d.key },
  });

/**
 * Sends the deposits `IN_FLIGHT` at a time. With `crashAfter`, crashes the stack once that many
 * are answered: the ones in flight then get no answer, and the ones not yet sent are not sent.
 */
async function sendAll(
  c: Client,
  admin: Session,
  deposits: Deposit[],
  crashAfter?: { answered: number; crash: () => Promise<void> },
) {
  const answers = new Map<string, DepositAnswer>();
  const queue = [...deposits];
  let crashing: Promise<void> | undefined;
  const worker = async () => {
    for (let next = queue.shift(); next && !crashing; next = queue.shift()) {
      const answer = await send(c, admin, next).catch(() => undefined);
      if (answer && !crashing) answers.set(next.key, answer);
      if (crashAfter && answers.size >= crashAfter.answered) crashing ??= crashAfter.crash();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await crashing;
  return answers;
}

const depositSubject = (amount: number) => `Deposit of ${formatUsd(Math.round(amount * 100))} recorded`;

/** Waits until `subject` reached `to`; past the deadline, says which stream batches failed. */
const waitForMail = (c: Client, to: string, subject: string) =>
  mailsArrived(c, to, subject, {
    timeout: MAIL_DEADLINE_MS,
    explain: () => `failed stream batches:\n${streamFailures()}`,
  });

const streamFailures = () => {
  const file = join(dataDir, 'stream-failures.jsonl');
  return existsSync(file) ? readFileSync(file, 'utf8') : '(none)';
};

it('a crash mid-deposits loses no deposit and no e-mail, and sends again only the e-mail it was sending', async () => {
  stack = await startGroupStack(dataDir);
  client = new Client(stack);
  const admin = await client.signIn(DEMO_ADMIN);
  const clients: Session[] = [];
  for (let i = 0; i < CLIENTS; i++) clients.push(await client.newClient(`crash${i}`));
  const deposits: Deposit[] = Array.from({ length: DEPOSITS }, (_, i) => ({
    key: randomUUID(),
    client: clients[i % CLIENTS] as Session,
    amount: 100 + i + 0.25,
  }));

  const jvm = Number(readFileSync(join(dataDir, 'dynamodb.pid'), 'utf8'));
  const killed = stack;
  let crashedAt = '';
  const crash = async () => {
    await killed.crash();
    crashedAt = new Date().toISOString();
  };
  const firstAnswers = await sendAll(client, admin, deposits, { answered: CRASH_AFTER, crash });
  expect(firstAnswers.size).toBeGreaterThanOrEqual(CRASH_AFTER);
  expect(firstAnswers.size).toBeLessThan(DEPOSITS);
  client.destroy();

  stack = await startGroupStack(dataDir);
  const restarted = new Client(stack);
  client = restarted;
  // Nothing of the killed run is left: not its DynamoDB Local, not any process of its group.
  expect(isRunning(jvm)).toBe(false);
  expect(runningInGroup(killed.pgid)).toEqual([]);

  const again = await client.signIn(DEMO_ADMIN);
  const retried = await sendAll(client, again, deposits);
  for (const d of deposits) {
    expect(retried.get(d.key)?.status).toBe(200);
    // A deposit answered before the crash is answered the same, not recorded again.
    const first = firstAnswers.get(d.key);
    if (first) expect(retried.get(d.key)?.body).toEqual(first.body);
  }

  for (const c of clients)
    await expectLedgerOf(
      client,
      again,
      c,
      deposits.filter((d) => d.client === c),
    );

  // One more deposit, after all the others: the stream hands records over in order, so once its
  // e-mail is in, every record before it has been handled and any e-mail sent twice would be here.
  const last = await client.newClient('crashlast');
  const lastDeposit = { key: randomUUID(), client: last, amount: 7.77 };
  expect((await send(client, again, lastDeposit)).status).toBe(200);
  await waitForMail(client, last.email, depositSubject(lastDeposit.amount));
  const mailed = await Promise.all(
    clients.map((c) =>
      depositMailsOf(
        restarted,
        c,
        deposits.filter((d) => d.client === c),
      ),
    ),
  );
  const twice = mailed.flatMap((m) => m.twice);
  if (mailed.some((m) => m.missing.length) || twice.length > 1)
    console.error(`failed stream batches:\n${streamFailures()}`);
  expect(mailed.map(({ to, missing, unexpected }) => ({ to, missing, unexpected }))).toEqual(
    clients.map((c) => ({ to: c.email, missing: [], unexpected: [] })),
  );
  // Only the e-mail in hand at the crash may have come twice: once before it, once after.
  expect(twice.length).toBeLessThanOrEqual(1);
  for (const { sentAt } of twice) expect(sentAt.map((at) => at < crashedAt)).toEqual([true, false]);
}, 240_000);

/** The client's ledger holds each of its deposits once, and its balance is their sum. */
async function expectLedgerOf(c: Client, admin: Session, owner: Session, deposits: Deposit[]): Promise<void> {
  const ledger = await c.call('listClientTransactions', { token: admin.accessToken, params: { id: owner.sub } });
  expect(ledger.body.map((t) => [t.type, t.amount]).sort()).toEqual(deposits.map((d) => ['deposit', d.amount]).sort());
  const portfolio = await c.call('getPortfolio', { token: admin.accessToken, params: { userId: owner.sub } });
  expect(Math.round(portfolio.body.portfolio.balance * 100)).toBe(
    deposits.reduce((sum, d) => sum + Math.round(d.amount * 100), 0),
  );
}

/** The deposit e-mails in `owner`'s mailbox against its deposits: missing, unexpected, and those there twice (with when each copy went). */
async function depositMailsOf(c: Client, owner: Session, deposits: Deposit[]) {
  const mails = (await c.mailbox(owner.email)).filter((m) => m.subject.startsWith('Deposit of'));
  const subjects = mails.map((m) => m.subject);
  const expected = deposits.map((d) => depositSubject(d.amount));
  const repeated = [...new Set(subjects.filter((s, i) => subjects.indexOf(s) !== i))];
  return {
    to: owner.email,
    missing: expected.filter((s) => !subjects.includes(s)),
    unexpected: subjects.filter((s) => !expected.includes(s)),
    twice: repeated.map((subject) => ({
      subject,
      sentAt: mails
        .filter((m) => m.subject === subject)
        .map((m) => m.sentAt)
        .sort(),
    })),
  };
}

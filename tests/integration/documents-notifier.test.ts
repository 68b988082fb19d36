/**
 * Clients' documents through the local stack's notifier: a deposit, a withdrawal and a request
 * marked sent each get their confirmation in the documents bucket and a DOC# item, once however
 * often the record comes, and the PDF reads back with the move's figures; a statement written to
 * the client's documents brings its "ready" e-mail, unless the client turned it off.
 *
 * The test's own process reads the table and the bucket with the handlers' code, pointed at the
 * stack (configureRuntime), as the statements test reads the exports.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_FIRM } from '../../infra/aws/demo-firm';
import { LOCAL_DOCUMENTS_BUCKET } from '../../infra/local/stack/local-names';
import { writeConfirmations } from '../../lambdas/jobs/notifier-documents';
import { keys } from '../../lambdas/lib/data/table';
import { queryClientItems } from '../../lambdas/lib/data/ledger';
import { type DocumentItem, periodOf, type StatementPeriod } from '../../lambdas/lib/documents/document-item';
import { storeDocument } from '../../lambdas/lib/documents/document-store';
import { statementDocument } from '../../lambdas/lib/documents/statement-document';
import { pdfText } from '../../lambdas/lib/documents/test-support/pdf-read';
import { s3Client } from '../../lambdas/lib/runtime/clients';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { formatUsd } from '../../shared/money';
import { DAY_MS } from '../../shared/growth';
import { formatUtcDate, formatUtcDateTime } from '../../shared/utc-format';
import type { WithdrawalRequestDto } from '../../shared/api';
import type { Session } from './support/client';
import { eventually } from './support/eventually';
import { mailsArrived } from './support/mail';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
  configureRuntime({
    tableName: t.stack.tableName,
    region: 'us-east-1',
    dynamoEndpoint: t.stack.dynamoEndpoint,
    s3Endpoint: t.stack.s3Endpoint,
    documentsBucket: LOCAL_DOCUMENTS_BUCKET,
    firm: { ...DEMO_FIRM },
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(() => resetRuntime());

const documentsOf = (sub: string) => queryClientItems<DocumentItem>(sub, keys.documentPrefix, true);

/** The client's documents of `kind`, once there are `count` of them. */
async function documentsArrived(sub: string, kind: DocumentItem['kind'], count = 1): Promise<DocumentItem[]> {
  return eventually(
    async () => {
      const found = (await documentsOf(sub)).filter((d) => d.kind === kind);
      if (found.length < count) throw new Error(`${found.length} of ${count} ${kind} documents`);
      return found;
    },
    10_000,
    100,
  );
}

async function pdfOf(item: DocumentItem): Promise<Uint8Array> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Key: item.objectKey }));
  return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
}

const flat = (pdf: Uint8Array) => pdfText(pdf).replace(/\s+/g, ' ');

describe('confirmations', () => {
  it("a deposit's confirmation is a DOC# item and a PDF with the deposit's amount and date, written once", async () => {
    const client = await t.client.newClient('confirmed');
    const at = '2026-09-14T10:30:00.000Z';
    expect((await t.client.fund(admin, client, 1_234.56, { timestamp: at, note: 'Wire from Łódź' })).status).toBe(200);
    const [item] = await documentsArrived(client.sub, 'deposit-confirmation');
    if (!item) throw new Error('no confirmation');
    expect(item).toMatchObject({ title: 'Deposit confirmation', date: at, objectKey: expect.stringMatching(/\.pdf$/) });
    expect(item.docId.startsWith('20260914T103000Z-deposit-')).toBe(true);
    const pdf = await pdfOf(item);
    expect(item.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const text = flat(pdf);
    expect(text).toContain('Amount $1,234.56');
    expect(text).toContain(`Dated ${formatUtcDateTime(at)}`);
    expect(text).toContain('Note Wire from Lódz');
    const profile = await t.table.profile(client.sub);
    expect(text).toContain(`Client: ${String(profile?.firstName)} ${String(profile?.lastName)}`);
    const [entry] = await queryClientItems<Record<string, unknown>>(client.sub, keys.entryPrefix, true);
    expect(text).toContain(`Balance after this deposit ${formatUsd(entry?.balanceAfterCents as number)}`);

    // The record again, as the stream may deliver it: the first document is found, nothing new written.
    await writeConfirmations({ eventName: 'INSERT', newImage: entry }, Date.now());
    await delay(500);
    expect((await documentsOf(client.sub)).map((d) => d.docId)).toEqual([item.docId]);
    expect(Buffer.from(await pdfOf(item)).equals(Buffer.from(pdf))).toBe(true);
  });

  it("a withdrawal's, and a paid-out request's with the bank's reference and the masked account", async () => {
    const client = await t.client.newClient('paid');
    const longAgo = new Date(Date.now() - 200 * DAY_MS).toISOString();
    expect((await t.client.fund(admin, client, 10_000, { timestamp: longAgo })).status).toBe(200);
    const asked = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 150 },
    });
    expect(asked.status).toBe(201);
    const id = (asked.body as { request: WithdrawalRequestDto }).request.id;
    expect((await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } })).status).toBe(
      200,
    );
    const [withdrawal] = await documentsArrived(client.sub, 'withdrawal-confirmation');
    expect(flat(await pdfOf(withdrawal as DocumentItem))).toContain('A withdrawal of $150.00 was processed');

    const today = new Date().toISOString().slice(0, 10);
    const marked = await t.client.callAny('markRequestSent', {
      token: admin.accessToken,
      params: { id },
      body: { reference: 'WIRE-2026-0042', sentAt: today },
    });
    expect(marked.status).toBe(200);
    const [payout] = await documentsArrived(client.sub, 'payout-confirmation');
    if (!payout) throw new Error('no payout confirmation');
    expect(payout).toMatchObject({ title: 'Payout confirmation', ref: id });
    const text = flat(await pdfOf(payout));
    expect(text).toContain('Amount $150.00');
    expect(text).toContain('Bank reference WIRE-2026-0042');
    expect(text).toContain(`Sent ${formatUtcDate(Date.parse(today))}`);
    expect(text).toMatch(/Account (IBAN [A-Z]{2}•• ending \d{4}|US account ending \d{4})/);
    expect(text).not.toMatch(/[A-Z]{2}\d{2}[A-Z0-9]{12,}/);
  });
});

describe("the statement's e-mail", () => {
  /** Last month's statement for `client`, written as the monthly job writes it. */
  async function writeStatement(client: Session): Promise<{ period: StatementPeriod; item: DocumentItem }> {
    const now = new Date();
    const label = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const period = periodOf(label) as StatementPeriod;
    const rendered = await statementDocument(client.sub, period, { issuedAt: Date.now() });
    if (!rendered) throw new Error('no statement');
    return { period, item: (await storeDocument(client.sub, rendered.draft, rendered.pdf)).item };
  }

  async function fundedLastMonth(prefix: string): Promise<Session> {
    const client = await t.client.newClient(prefix);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12)).toISOString();
    expect((await t.client.fund(admin, client, 2_500, { timestamp: lastMonth })).status).toBe(200);
    return client;
  }

  it('tells the client it is ready, with a link to the Documents page; its PDF has every figure', async () => {
    const client = await fundedLastMonth('monthly');
    const { period, item } = await writeStatement(client);
    const month = new Date(period.from).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    const [mail] = await mailsArrived(t.client, client.email, `Your ${month} statement is ready`);
    expect(mail?.link ?? '').toContain('/documents');
    const text = flat(await pdfOf(item));
    expect(text).toContain(`Opening balance on ${formatUtcDate(period.from)} $0.00`);
    expect(text).toContain(`Deposits +${formatUsd(250_000)}`);
    expect(text).toContain(`Closing balance on ${formatUtcDate(period.to - 1)}`);
  });

  it('none for a client with neither a balance nor activity; a correction says so, on the PDF and in the e-mail', async () => {
    const idle = await t.client.newClient('idle');
    const now = new Date();
    const label = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const period = periodOf(label) as StatementPeriod;
    expect(await statementDocument(idle.sub, period, { issuedAt: Date.now() })).toBeNull();

    const client = await fundedLastMonth('corrected');
    const { item: first } = await writeStatement(client);
    const correction = await statementDocument(client.sub, period, {
      issuedAt: Date.now(),
      correction: { of: first.docId, by: admin.email },
    });
    if (!correction) throw new Error('no correction');
    expect(correction.draft).toMatchObject({ correctionOf: first.docId, regeneratedBy: admin.email });
    expect(correction.draft.docId).toMatch(new RegExp(`-statement-${label}-correction$`));
    expect(flat(correction.pdf)).toContain('Corrected statement');
    await storeDocument(client.sub, correction.draft, correction.pdf);
    const month = new Date(period.from).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    await mailsArrived(t.client, client.email, `Your corrected ${month} statement is ready`);
    const statements = (await documentsOf(client.sub)).filter((d) => d.kind === 'monthly-statement');
    expect(statements.map((d) => d.docId).sort()).toEqual([first.docId, correction.draft.docId].sort());
  });

  it('is not sent to a client who turned statements off, while their other e-mails still come', async () => {
    const client = await fundedLastMonth('no-statements');
    const preferences = (
      await t.client.call('getMyEmailPreferences', { token: client.accessToken, params: { userId: client.sub } })
    ).body.preferences;
    const off = await t.client.call('updateMyEmailPreferences', {
      token: client.accessToken,
      params: { userId: client.sub },
      body: { ...preferences, 'statement-ready': false },
    });
    expect(off.status).toBe(200);
    await writeStatement(client);
    // A later record of the same client: once its e-mail is in, the statement's would have been too.
    expect((await t.client.fund(admin, client, 1)).status).toBe(200);
    await mailsArrived(t.client, client.email, 'Deposit of $1.00 recorded');
    await delay(500);
    expect((await t.client.mailbox(client.email)).filter((m) => /statement/i.test(m.subject))).toEqual([]);
  });
});

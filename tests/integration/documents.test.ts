/**
 * Clients' documents on the real local stack: the owner lists and downloads its own, through a
 * link that expires; no other client reaches them by path or by id; an administrator reads any
 * and regenerates a statement, which keeps the earlier one as it was and is logged with the act.
 * Each walk-around an insider would try is refused, and a refusal writes nothing.
 */
import { createHash } from 'node:crypto';
import { DOCUMENT_LINK_SECONDS, documentLink } from '../../lambdas/lib/documents/document-store';
import type { DocumentItem } from '../../lambdas/lib/documents/document-item';
import { documentMessages, documentRefusals } from '../../shared/documents';
import type { Session } from './support/client';
import { lastMonth, thisMonth, useDocumentWriter, writeStatement } from './support/documents';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
useDocumentWriter(t);

let admin: Session;
let alice: Session;
let bob: Session;
let statement: DocumentItem;
/** Alice's deposit's confirmation, which the notifier writes from the stream. */
let confirmation: Record<string, unknown>;
const month = lastMonth();
/** The ids of a page's statements (the notifier's confirmations of the funding beside them are left out). */
const statementIds = (documents: { id: string; kind: string }[]) =>
  documents.filter((d) => d.kind.endsWith('-statement')).map((d) => d.id);

/** The bytes behind a download link. */
async function download(url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const list = (token: string, uid: string, query?: { limit?: string; cursor?: string }) =>
  t.client.call('listDocuments', { token, params: { uid }, ...(query ? { query } : {}) });
const link = (token: string, uid: string, id: string) => t.client.call('getDocument', { token, params: { uid, id } });
const regenerate = (token: string, id: string, period: string) =>
  t.client.call('regenerateStatement', { token, params: { id }, body: { period } });

/** What a refusal must leave as it was: the client's documents and the activity log's entries about it. */
async function writtenFor(sub: string) {
  const log = await t.client.call('listActivity', { token: admin.accessToken, query: { client: sub, limit: '200' } });
  return { documents: await t.table.items(sub, 'DOC#'), log: log.body.entries };
}

beforeAll(async () => {
  [admin, alice, bob] = [await t.client.newAdmin(), await t.client.newClient('alice'), await t.client.newClient('bob')];
  for (const client of [alice, bob]) {
    const funded = await t.client.fund(admin, client, 1_000, { timestamp: month.midway });
    expect(funded.status).toBe(200);
  }
  statement = await writeStatement(alice.sub, month.label);
  await writeStatement(bob.sub, month.label);
  const confirmations = (await t.table.items(alice.sub, 'DOC#')).filter((d) => d.kind === 'deposit-confirmation');
  expect(confirmations).toHaveLength(1);
  confirmation = confirmations[0] as Record<string, unknown>;
});

describe('the owner', () => {
  it('lists its documents, newest first, as the DTO says', async () => {
    const res = await list(alice.accessToken, alice.sub);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      documents: [
        {
          id: statement.docId,
          kind: 'monthly-statement',
          title: statement.title,
          date: statement.date,
          issuedAt: statement.issuedAt,
          period: month.label,
        },
        {
          id: confirmation.docId,
          kind: 'deposit-confirmation',
          title: 'Deposit confirmation',
          date: confirmation.date,
          issuedAt: confirmation.issuedAt,
        },
      ],
    });
  });

  it('downloads a PDF through a link that works for a few minutes, then no more', async () => {
    const before = Date.now();
    const res = await link(alice.accessToken, alice.sub, statement.docId);
    expect(res.status).toBe(200);
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DOCUMENT_LINK_SECONDS * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DOCUMENT_LINK_SECONDS * 1000);
    expect(new URL(res.body.url).searchParams.get('X-Amz-Expires')).toBe(String(DOCUMENT_LINK_SECONDS));
    const { status, bytes } = await download(res.body.url);
    expect(status).toBe(200);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(statement.sha256);

    // The same link, as it was signed a moment longer ago than it lives: refused. Only the Date is
    // moved: the sockets and timers the download needs keep real time.
    jest.useFakeTimers({
      now: Date.now() - (DOCUMENT_LINK_SECONDS + 5) * 1000,
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate'],
      advanceTimers: true,
    });
    const stale = await documentLink(statement, Date.now()).finally(() => jest.useRealTimers());
    expect((await download(stale.url)).status).toBe(403);
  });

  it('pages with a cursor, and refuses a cursor that is not the list’s', async () => {
    const first = await list(alice.accessToken, alice.sub, { limit: '1' });
    expect(first.body.documents.map((d) => d.id)).toEqual([statement.docId]);
    const second = await list(alice.accessToken, alice.sub, { limit: '1', cursor: first.body.nextCursor ?? '' });
    expect(second.body.documents.map((d) => d.id)).toEqual([confirmation.docId]);
    const forged = Buffer.from(JSON.stringify(['documents', '', 'not-a-doc-id'])).toString('base64url');
    expect((await list(alice.accessToken, alice.sub, { cursor: forged })).status).toBe(400);
  });
});

describe('another client', () => {
  it('is refused both routes on the owner’s path (403)', async () => {
    expect((await list(bob.accessToken, alice.sub)).status).toBe(403);
    expect((await link(bob.accessToken, alice.sub, statement.docId)).status).toBe(403);
  });

  it('finds nothing with the owner’s document id on its own path (404)', async () => {
    // Bob has a statement of the same month: the id is the same, the document his own, never Alice's.
    const own = await link(bob.accessToken, bob.sub, statement.docId);
    expect(own.status).toBe(200);
    expect(own.body.url).toContain(`clients/${bob.sub}/`);
    expect(own.body.url).not.toContain(alice.sub);
    const other = await link(bob.accessToken, bob.sub, `${statement.docId.slice(0, 17)}deposit-nothing`);
    expect(other).toMatchObject({ status: 404, body: { error: documentRefusals.notFound } });
  });

  it('a malformed or unknown id is a 404', async () => {
    for (const id of ['nope', '20261101T000000Z-UPPER', '20261101T000000Z-statement-1999-01'])
      expect(await link(alice.accessToken, alice.sub, id)).toMatchObject({
        status: 404,
        body: { error: documentRefusals.notFound },
      });
  });
});

describe('a closed account', () => {
  it('keeps its documents from its former client, whose token still works, and shows them to administrators', async () => {
    const leaver = await t.client.newClient('leaver');
    expect((await t.client.fund(admin, leaver, 100, { timestamp: month.midway })).status).toBe(200);
    const kept = await writeStatement(leaver.sub, month.label);
    // The whole balance out (the deposit may have grown since its date), then the account closed.
    const balance = Number((await t.table.profile(leaver.sub))?.balanceCents) / 100;
    const out = await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: leaver.sub },
      body: { amount: balance, note: 'closing' },
    });
    expect(out).toMatchObject({ status: 200 });
    expect((await t.client.call('deleteClient', { token: admin.accessToken, params: { id: leaver.sub } })).status).toBe(
      200,
    );
    expect((await list(leaver.accessToken, leaver.sub)).status).toBe(404);
    expect((await link(leaver.accessToken, leaver.sub, kept.docId)).status).toBe(404);
    expect(statementIds((await list(admin.accessToken, leaver.sub)).body.documents)).toEqual([kept.docId]);
    expect((await link(admin.accessToken, leaver.sub, kept.docId)).status).toBe(200);
  });
});

describe('an administrator', () => {
  it('reads any client’s documents and links', async () => {
    expect(statementIds((await list(admin.accessToken, alice.sub)).body.documents)).toEqual([statement.docId]);
    const res = await link(admin.accessToken, alice.sub, statement.docId);
    expect(res.status).toBe(200);
    expect((await download(res.body.url)).bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('regenerates a month twice: both corrections kept, the first statement unchanged, each logged', async () => {
    const firstBytes = (await download((await link(alice.accessToken, alice.sub, statement.docId)).body.url)).bytes;
    const one = await regenerate(admin.accessToken, alice.sub, month.label);
    expect(one.status).toBe(201);
    expect(one.body.document).toMatchObject({
      kind: 'monthly-statement',
      period: month.label,
      correctionOf: statement.docId,
      regeneratedBy: admin.email,
    });
    // A correction's id is dated to the second it was made.
    await new Promise((r) => setTimeout(r, 1_100));
    const two = await regenerate(admin.accessToken, alice.sub, month.label);
    expect(two.status).toBe(201);
    expect(two.body.document.id).not.toBe(one.body.document.id);

    const mine = await list(alice.accessToken, alice.sub);
    expect(statementIds(mine.body.documents)).toEqual([two.body.document.id, one.body.document.id, statement.docId]);
    // Pages of two: the cursor reads on after the page's last, until a page has none.
    const paged = [];
    let cursor: string | undefined;
    do {
      const page = await list(alice.accessToken, alice.sub, { limit: '2', ...(cursor ? { cursor } : {}) });
      paged.push(...page.body.documents);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(mine.body.documents);
    // The client sees a correction as one, but not who made it.
    expect(mine.body.documents[0]).not.toHaveProperty('regeneratedBy');
    expect(mine.body.documents[0]).toHaveProperty('correctionOf', statement.docId);

    expect(await t.table.item({ PK: `CLIENT#${alice.sub}`, SK: `DOC#${statement.docId}` })).toMatchObject({
      sha256: statement.sha256,
      bytes: statement.bytes,
    });
    const again = await download((await link(alice.accessToken, alice.sub, statement.docId)).body.url);
    expect(again.bytes.equals(firstBytes)).toBe(true);

    const log = await t.client.call('listActivity', {
      token: admin.accessToken,
      query: { client: alice.sub, kind: 'statement-regenerated' },
    });
    expect(log.body.entries).toMatchObject([
      { actor: admin.email, period: month.label, clientEmail: alice.email },
      { actor: admin.email, period: month.label, clientEmail: alice.email },
    ]);
  });
});

describe('regenerating is refused, and writes nothing', () => {
  it('to a client (403)', async () => {
    const before = await writtenFor(alice.sub);
    expect((await regenerate(alice.accessToken, alice.sub, month.label)).status).toBe(403);
    expect(await writtenFor(alice.sub)).toEqual(before);
  });

  it("on the administrator's own client account (403)", async () => {
    const checker = await t.client.newAdmin();
    expect((await t.client.fund(checker, admin, 100, { timestamp: month.midway })).status).toBe(200);
    await writeStatement(admin.sub, month.label);
    const before = await writtenFor(admin.sub);
    expect(await regenerate(admin.accessToken, admin.sub, month.label)).toMatchObject({
      status: 403,
      body: { error: documentRefusals.ownAccount },
    });
    expect(await writtenFor(admin.sub)).toEqual(before);
    // Another administrator may.
    expect((await regenerate(checker.accessToken, admin.sub, month.label)).status).toBe(201);
  });

  it('for a period not ended or not a period (400 at the field), or without a statement (404)', async () => {
    const before = await writtenFor(bob.sub);
    for (const [period, error] of [
      [thisMonth(), documentMessages.periodNotEnded],
      ['2999-01', documentMessages.periodNotEnded],
      ['2026-13', documentMessages.periodInvalid],
      ['October', documentMessages.periodInvalid],
    ] as const)
      expect(await regenerate(admin.accessToken, bob.sub, period)).toMatchObject({ status: 400, body: { error } });
    expect(await regenerate(admin.accessToken, bob.sub, '2020-01')).toMatchObject({
      status: 404,
      body: { error: documentRefusals.noStatement },
    });
    expect(await writtenFor(bob.sub)).toEqual(before);
  });
});

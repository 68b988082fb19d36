/**
 * The local helpers (`/__local/*`) against a page on another site, replayed on the real local
 * stack: the cross-site `text/plain` POST a visited page can send without asking (which would run
 * the weekly growth and grow the local book) and cross-site GETs of the mailbox are refused with a
 * 403, and nothing runs; the stack's own pages and local tools still get through.
 */
import { type IncomingHttpHeaders, request } from 'node:http';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
const EVIL = 'https://evil.example';

/**
 * A request with exactly these headers, as a browser sends it (node:http: fetch would add its own
 * Sec-Fetch-Mode and could not send a `null` Origin as a sandboxed page does).
 */
function send(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const url = new URL(path, t.stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ownOrigin = () => new URL(t.stack.url).origin;
/** The demo client's profile: the weekly growth would move its lastUpdate and balance. */
const aliceProfile = async () => {
  const alice = await t.client.signIn('alice@example.com');
  return t.table.profile(alice.sub);
};
/** Years ahead: a run "now" would grow every portfolio by every week in between. */
const YEARS_AHEAD = JSON.stringify({ now: '2031-01-06T00:00:00Z' });

describe('the weekly growth run', () => {
  it.each([
    [
      'a cross-site text/plain POST',
      { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    ],
    ['one from a browser that sends no Origin', { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }],
    ['one from a sandboxed page', { 'content-type': 'application/json', origin: 'null' }],
    [
      'one from another port of this machine',
      { 'content-type': 'application/json', origin: 'http://localhost:1', 'sec-fetch-site': 'same-site' },
    ],
  ])('refuses %s with a 403, and nothing runs', async (_case, headers) => {
    const before = await aliceProfile();
    const res = await send('POST', '/__local/run/weekly-growth', headers, YEARS_AHEAD);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ error: expect.stringContaining('other sites') });
    expect(await aliceProfile()).toEqual(before);
  });

  it('refuses a same-origin POST that is not JSON with a 415, and nothing runs', async () => {
    const before = await aliceProfile();
    const res = await send(
      'POST',
      '/__local/run/weekly-growth',
      { 'content-type': 'text/plain', origin: ownOrigin(), 'sec-fetch-site': 'same-origin' },
      YEARS_AHEAD,
    );
    expect(res.status).toBe(415);
    expect(await aliceProfile()).toEqual(before);
  });

  it('takes the stack’s own page and a local tool (their request reaches the helper)', async () => {
    const bad = '{"now": "soon"}';
    const own = await send(
      'POST',
      '/__local/run/weekly-growth',
      { 'content-type': 'application/json', origin: ownOrigin(), 'sec-fetch-site': 'same-origin' },
      bad,
    );
    const tool = await send('POST', '/__local/run/weekly-growth', { 'content-type': 'application/json' }, bad);
    for (const res of [own, tool])
      expect([res.status, JSON.parse(res.body)]).toEqual([400, { error: '"now" must be an ISO date-time' }]);
  });
});

describe('the mailbox', () => {
  const path = '/__local/mailbox?to=alice%40example.com';

  it.each([
    ['a cross-site GET', { origin: EVIL, 'sec-fetch-site': 'cross-site' }],
    ['a cross-site GET without an Origin', { 'sec-fetch-site': 'cross-site' }],
    [
      'a link followed from another site to the newest e-mail',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    ],
  ])('refuses %s with a 403, showing nothing', async (_case, headers) => {
    for (const target of [path, '/__local/mailbox/latest?to=alice%40example.com']) {
      const res = await send('GET', target, headers);
      expect(res.status).toBe(403);
      expect(res.body).not.toContain('alice@example.com');
    }
  });

  it('answers the stack’s own page, the address bar and a local tool', async () => {
    const callers: Record<string, string>[] = [
      { origin: ownOrigin(), 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of callers) {
      const res = await send('GET', path, headers);
      expect(res.status).toBe(200);
      expect(Array.isArray(JSON.parse(res.body))).toBe(true);
    }
  });
});

/**
 * The deploy workflow's smoke test (infra/tools/smoke-checks.ts, smoke-test.ts) against a local
 * HTTP server standing in for the site behind CloudFront: it passes a healthy stage, and fails
 * each way a deploy can leave one broken (another stage's config.json, no sign-in page, the API
 * unreachable or answering without its authorizer), and its CLI exits 1 on a failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { routeByName } from '../../shared/api';
import { type SmokeTarget, smokeTest, targetFromOutputs } from '../tools/smoke-checks';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const CONFIG = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_Abc123',
  userPoolClientId: 'client123',
  oauthDomain: null,
  googleSignIn: false,
  fundingInstructions: [],
};
const SIGN_IN =
  '<!doctype html><html><body><form><input type="email" name="email"><input type="password" name="password"></form></body></html>';
const API_PATH = routeByName('getClientTotals').path;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** The site as a healthy deploy leaves it; `override` replaces one path's answer. */
function site(override: Record<string, Handler> = {}): Handler {
  const routes: Record<string, Handler> = {
    '/config.json': (_q, r) => json(r, 200, CONFIG),
    '/': (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      r.end(SIGN_IN);
    },
    [API_PATH]: (q, r) => (q.headers.authorization ? json(r, 200, {}) : json(r, 401, { message: 'Unauthorized' })),
    ...override,
  };
  return (request, response) =>
    (routes[request.url ?? ''] ?? ((_q, r) => json(r, 404, { message: 'Not Found' })))(request, response);
}

let server: Server;
let handler: Handler = site();
let target: SmokeTarget;

beforeAll(async () => {
  server = createServer((request, response) => handler(request, response));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  target = {
    siteUrl: `http://127.0.0.1:${port}`,
    region: CONFIG.region,
    userPoolId: CONFIG.userPoolId,
    userPoolClientId: CONFIG.userPoolClientId,
  };
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const run = (override?: Record<string, Handler>, attempts = 1) => {
  handler = site(override);
  return smokeTest(target, { attempts, waitMs: 1 });
};
const failures = async (override?: Record<string, Handler>) =>
  (await run(override)).filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);

describe('the smoke test', () => {
  it('passes a stage that serves its config, the sign-in page and the API through the site', async () => {
    expect(await run()).toEqual([
      { name: 'config.json is the stage’s', ok: true, detail: 'ok' },
      { name: 'the sign-in page is served', ok: true, detail: 'ok' },
      { name: `GET ${API_PATH} without a token answers 401`, ok: true, detail: 'ok' },
    ]);
  });

  it("fails another stage's config.json, a missing one, and one that is not JSON", async () => {
    expect(
      await failures({ '/config.json': (_q, r) => json(r, 200, { ...CONFIG, userPoolId: 'eu-west-1_Other' }) }),
    ).toEqual(['config.json is the stage’s: has userPoolId "eu-west-1_Other", not "eu-west-1_Abc123"']);
    expect(await failures({ '/config.json': (_q, r) => json(r, 404, {}) })).toEqual([
      'config.json is the stage’s: answered 404',
    ]);
    expect(await failures({ '/config.json': (_q, r) => r.end('<html>') })).toEqual([
      'config.json is the stage’s: is not JSON',
    ]);
  });

  it('fails a site without its sign-in page', async () => {
    expect(await failures({ '/': (_q, r) => json(r, 403, {}) })).toEqual(['the sign-in page is served: answered 403']);
    const notBuilt = (_q: IncomingMessage, r: ServerResponse) => {
      r.writeHead(200, { 'content-type': 'text/html' });
      r.end('<!doctype html><title>Aurum</title><p>The web app was not built</p>');
    };
    expect(await failures({ '/': notBuilt })).toEqual(['the sign-in page is served: has no password field']);
    expect(await failures({ '/': (_q, r) => json(r, 200, {}) })).toEqual([
      'the sign-in page is served: is application/json, not HTML',
    ]);
  });

  it('fails an API that is not reached, errs, or answers without its authorizer', async () => {
    const api = (status: number, body: unknown): Record<string, Handler> => ({
      [API_PATH]: (_q, r) => json(r, status, body),
    });
    expect(await failures(api(403, { message: 'Forbidden' }))).toEqual([
      `GET ${API_PATH} without a token answers 401: answered 403, not 401`,
    ]);
    expect(await failures(api(502, { message: 'Internal Server Error' }))).toEqual([
      `GET ${API_PATH} without a token answers 401: answered 502, not 401`,
    ]);
    expect(await failures(api(200, {}))).toEqual([
      `GET ${API_PATH} without a token answers 401: answered 200, not 401`,
    ]);
    expect(await failures(api(401, { error: 'from somewhere else' }))).toEqual([
      `GET ${API_PATH} without a token answers 401: answered 401 without API Gateway's {"message":"Unauthorized"}`,
    ]);
  });

  it('fails a site that cannot be reached', async () => {
    const checks = await smokeTest({ ...target, siteUrl: 'http://127.0.0.1:1' }, { attempts: 1, waitMs: 1 });
    expect(checks.map((c) => c.ok)).toEqual([false, false, false]);
    expect(checks[0]?.detail).toMatch(/^could not be fetched: /);
  });

  it('tries a failing check again, so a cache still serving the last deploy is waited out', async () => {
    let served = 0;
    const stale: Handler = (_q, r) =>
      json(r, 200, (served += 1) < 3 ? { ...CONFIG, userPoolClientId: 'last-deploy' } : CONFIG);
    expect((await run({ '/config.json': stale }, 3)).every((c) => c.ok)).toBe(true);
    served = 0;
    expect((await run({ '/config.json': stale }, 2))[0]?.ok).toBe(false);
  });
});

describe('the target', () => {
  const outputs = {
    'AurumPortal-dev': {
      SiteUrl: 'https://d111.cloudfront.net/',
      Region: 'eu-west-1',
      UserPoolId: 'p',
      UserPoolClientId: 'c',
      TableName: 't',
    },
  };

  it("is read from cdk deploy's outputs file", () => {
    expect(targetFromOutputs(outputs, 'AurumPortal-dev')).toEqual({
      siteUrl: 'https://d111.cloudfront.net',
      region: 'eu-west-1',
      userPoolId: 'p',
      userPoolClientId: 'c',
    });
  });

  it('is refused when the stack or an output is missing', () => {
    expect(() => targetFromOutputs(outputs, 'AurumPortal-prod')).toThrow('The outputs hold no stack AurumPortal-prod');
    expect(() =>
      targetFromOutputs({ 'AurumPortal-dev': { ...outputs['AurumPortal-dev'], UserPoolId: '' } }, 'AurumPortal-dev'),
    ).toThrow('Stack AurumPortal-dev has no output UserPoolId.');
  });
});

describe('the smoke-test CLI', () => {
  const root = resolve(__dirname, '../..');
  const dir = mkdtempSync(join(tmpdir(), 'aurum-smoke-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the CLI in a child process, while this process's server answers it. */
  const cli = (override?: Record<string, Handler>) => {
    handler = site(override);
    const file = join(dir, 'outputs.json');
    writeFileSync(
      file,
      JSON.stringify({
        Stack: {
          SiteUrl: target.siteUrl,
          Region: CONFIG.region,
          UserPoolId: CONFIG.userPoolId,
          UserPoolClientId: CONFIG.userPoolClientId,
        },
      }),
    );
    return new Promise<{ status: number | null; stdout: string }>((done) => {
      const child = spawn(
        join(root, 'node_modules/.bin/tsx'),
        ['infra/tools/smoke-test.ts', file, 'Stack', '--attempts', '1', '--wait-ms', '0'],
        { cwd: root },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('close', (status) => done({ status, stdout }));
    });
  };

  it('exits 0 when every check passes, and 1 naming the check that failed', async () => {
    expect(await cli()).toMatchObject({ status: 0 });
    const failed = await cli({ [API_PATH]: (_q, r) => json(r, 403, {}) });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain(`FAIL  GET ${API_PATH} without a token answers 401: answered 403, not 401`);
  }, 60_000);

  it('exits 2 on wrong arguments', () => {
    expect(
      spawnSync(join(root, 'node_modules/.bin/tsx'), ['infra/tools/smoke-test.ts', 'only-one'], { cwd: root }).status,
    ).toBe(2);
  }, 30_000);
});

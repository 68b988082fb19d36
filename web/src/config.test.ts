import { parseSiteConfig } from '../../shared/site-config';
import { loadConfig, parseConfig } from './config';
import { testConfig } from './test/harness';

const written = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_local',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:8080/cognito',
  oauthDomain: null,
  googleSignIn: false,
};

/** What loadConfig reads of an answer (jsdom has no Response). */
const response = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;
const answering = (status: number, body: unknown) => (async () => response(status, body)) as unknown as typeof fetch;

it("reads /config.json with the writers' own schema (shared/site-config.ts)", () => {
  expect(parseConfig).toBe(parseSiteConfig);
  expect(parseConfig(testConfig)).toEqual(testConfig);
});

it('loads /config.json uncached', async () => {
  const calls: [RequestInfo | URL, RequestInit | undefined][] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([input, init]);
    return response(200, written);
  };
  await expect(loadConfig(fetchImpl)).resolves.toEqual(written);
  expect(calls).toEqual([['/config.json', { cache: 'no-store' }]]);
});

it('reads no funding instructions, even from a config.json an older deploy wrote with them', async () => {
  await expect(
    loadConfig(answering(200, { ...written, fundingInstructions: ['Bank: Example Bank'] })),
  ).resolves.toEqual(written);
});

it('fails start-up on a missing or malformed config', async () => {
  await expect(loadConfig(answering(404, {}))).rejects.toThrow('config.json: 404');
  await expect(loadConfig(answering(200, { ...written, userPoolId: '' }))).rejects.toThrow(
    'config.json: userPoolId is missing',
  );
  await expect(loadConfig(answering(200, { ...written, googleSignIn: 'no' }))).rejects.toThrow(
    'config.json: googleSignIn must be true or false',
  );
});

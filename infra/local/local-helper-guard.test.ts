/** The rule of the local helpers (local-helper-guard.ts), case by case; the gateway's use of it is replayed in tests/integration/local-helpers.test.ts. */
import type { IncomingMessage } from 'node:http';
import { localHelperRefusal } from './local-helper-guard';

const HOST = 'localhost:3000';
const request = (method: string, headers: Record<string, string>) =>
  ({ method, headers: { host: HOST, ...headers } }) as unknown as IncomingMessage;
const json = { 'content-type': 'application/json' };

it.each([
  ['a tool: no browser headers, a JSON body', 'POST', json],
  ['the stack’s own page', 'POST', { ...json, origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' }],
  ['a charset after the type', 'POST', { 'content-type': 'Application/JSON; charset=utf-8' }],
  ['a GET typed in the address bar', 'GET', { 'sec-fetch-site': 'none' }],
  ['a GET from a tool', 'GET', {}],
  ['a GET of the stack’s own page', 'GET', { origin: `http://${HOST.toUpperCase()}`, 'sec-fetch-site': 'same-origin' }],
])('lets through %s', (_case, method, headers) => {
  expect(localHelperRefusal(request(method, headers))).toBeNull();
});

it.each([
  [
    'a cross-site text/plain POST',
    'POST',
    { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  ],
  ['a cross-site JSON POST (after a preflight nobody grants)', 'POST', { ...json, origin: 'https://evil.example' }],
  [
    'another port of the same host',
    'POST',
    { ...json, origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site' },
  ],
  ['a sandboxed or file page', 'POST', { ...json, origin: 'null' }],
  ['another loopback name', 'POST', { ...json, origin: 'http://127.0.0.1:3000' }],
  ['a cross-site GET', 'GET', { origin: 'https://evil.example' }],
  ['a link followed from another site', 'GET', { 'sec-fetch-site': 'cross-site' }],
  ['a GET from a sibling site', 'GET', { 'sec-fetch-site': 'same-site' }],
])('refuses %s with a 403', (_case, method, headers) => {
  expect(localHelperRefusal(request(method, headers))).toMatchObject({ status: 403 });
});

it.each([
  ['text/plain', { 'content-type': 'text/plain' }],
  ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['no type', {}],
])('refuses a same-origin POST of %s with a 415', (_case, headers) => {
  expect(localHelperRefusal(request('POST', headers))).toMatchObject({ status: 415 });
});

/**
 * The rule every local helper (`/__local/*`: the mailbox, the weekly growth run) is held to: only
 * this stack's own pages and a developer's own tools may call it, never a page on another site
 * that a developer happens to visit. The gateway's Host check stops DNS rebinding, but not a
 * cross-site request sent straight to http://localhost:<port>: a `text/plain` POST is a "simple"
 * request a browser sends without asking (no CORS preflight), and its answer need not be read for
 * the harm to be done (the weekly growth run grows the local book a week at a time).
 *
 *  - `Origin`, when sent, must be this stack's own (`http://<the Host it was sent to>`): browsers
 *    send it on every cross-origin request but a plain GET, and a page on another origin cannot
 *    forge it; `null` (a sandboxed or file page) is refused too.
 *  - `Sec-Fetch-Site`, when sent, must be `same-origin` or `none` (typed in the address bar, a
 *    bookmark, a test browser's goto): every current browser sends it, GETs included, so a
 *    cross-site GET or a link from another site is refused even without an Origin.
 *  - A request with a body must say `Content-Type: application/json`: a cross-site page can only
 *    send JSON after a CORS preflight, which the gateway never grants, so even a browser that sent
 *    neither header above could not get a POST through.
 * Tools (curl, the tests' fetch) send none of the browser headers and pass with a JSON body.
 */
import type { IncomingMessage } from 'node:http';

export interface Refusal {
  status: 403 | 415;
  error: string;
}

const SAME_ORIGIN_ONLY =
  'Local helpers answer only this stack’s own pages and local tools, not requests from other sites';
const JSON_ONLY = 'Local helpers take only JSON bodies (Content-Type: application/json)';

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(',') : value;

/** Why a request may not reach a local helper, or null when it may. */
export function localHelperRefusal(req: IncomingMessage): Refusal | null {
  const origin = single(req.headers.origin);
  const host = single(req.headers.host) ?? '';
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`)
    return { status: 403, error: SAME_ORIGIN_ONLY };
  const site = single(req.headers['sec-fetch-site'])?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return { status: 403, error: SAME_ORIGIN_ONLY };
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    const type = single(req.headers['content-type'])?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return { status: 415, error: JSON_ONLY };
  }
  return null;
}

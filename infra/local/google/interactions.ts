/**
 * The Google stand-in's sign-in interaction (/interaction/<uid>[/login|/abort]): the account
 * picker, the choice of an account, or Cancel, which answers `access_denied` as Google's does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { readForm } from '../http/read-body';
import { accountPicker } from './account-picker';
import type { DemoGoogleAccount } from './demo-accounts';

/** A sign-in form holds one account's id: anything longer is no form of ours. */
const MAX_FORM_BYTES = 4096;

/** No form-action: the choice is posted here, then redirected on to the hosted UI (another origin), which form-action would stop. */
const PICKER_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

async function login(
  provider: Provider,
  accounts: readonly DemoGoogleAccount[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const form = await readForm(req, MAX_FORM_BYTES);
  if (form === 'too-large') throw new Error('form too large');
  const chosen = form.get('account') ?? '';
  if (!accounts.some((a) => a.sub === chosen)) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Choose one of the accounts listed.');
    return;
  }
  await provider.interactionFinished(req, res, { login: { accountId: chosen } }, { mergeWithLastSubmission: false });
}

/** Answers one step of the interaction `uid`; throws when the browser's interaction is not `uid` (expired, or another). */
export async function interaction(
  provider: Provider,
  accounts: readonly DemoGoogleAccount[],
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('interaction mismatch');
  if (req.method === 'GET' && action === undefined) {
    res.writeHead(200, PICKER_HEADERS).end(accountPicker(uid, accounts, 'Aurum'));
  } else if (req.method === 'POST' && action === 'login') {
    await login(provider, accounts, req, res);
  } else if (req.method === 'POST' && action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  } else res.writeHead(405).end();
}

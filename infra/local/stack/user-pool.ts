/**
 * The local Cognito user pool with the product's triggers, each held to its table use as its IAM
 * role holds it in AWS, and its e-mails in the mailbox. Tokens name the pool's URL as their
 * issuer, so it keeps its port across restarts (while that port is still free): signed-in
 * browsers stay signed in.
 *
 * Passkeys: the relying party is the site's host (`localhost`), as the stage's is its domain, and
 * a ceremony is taken from the site's own origin only (the gateway serves the web app and the API
 * on one port). The site also answers on `127.0.0.1`, for Google's callback, but a browser refuses
 * a passkey there: the relying party must be the page's host or a suffix of it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_TABLE_USE, POST_CONFIRMATION_TABLE_USE, PRE_TOKEN_GENERATION_TABLE_USE } from '../../../lambdas/table-uses';
import { handler as customMessage } from '../../../lambdas/triggers/custom-message';
import { handler as postConfirmation } from '../../../lambdas/triggers/post-confirmation';
import { handler as preSignUp } from '../../../lambdas/triggers/pre-sign-up';
import { handler as preTokenGeneration } from '../../../lambdas/triggers/pre-token-generation';
import { type LocalCognitoOptions, type RunningLocalCognito, startLocalCognito } from '@aurum/cognito-emulator';
import type { Mailbox } from '../mailbox';
import { runAs } from '../table-permissions';
import type { HostedUiSetUp } from './google-sign-in';
import { LOCAL_REGION } from './local-names';

const triggers: LocalCognitoOptions['triggers'] = {
  preSignUp: (event) => runAs('PreSignUp', NO_TABLE_USE, () => preSignUp(event)),
  postConfirmation: (event) => runAs('PostConfirmation', POST_CONFIRMATION_TABLE_USE, () => postConfirmation(event)),
  customMessage: (event) => runAs('CustomMessage', NO_TABLE_USE, () => customMessage(event)),
  preTokenGeneration: (event) =>
    runAs('PreTokenGeneration', PRE_TOKEN_GENERATION_TABLE_USE, () => preTokenGeneration(event)),
};

export async function startUserPool(
  dataDir: string,
  mailbox: Mailbox,
  hostedUi: HostedUiSetUp | undefined,
  siteUrl: string,
): Promise<RunningLocalCognito> {
  const site = new URL(siteUrl);
  const portFile = join(dataDir, 'cognito.port');
  const previousPort = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : 0;
  const start = (port: number) =>
    startLocalCognito({
      port,
      region: LOCAL_REGION,
      dataDir: join(dataDir, 'cognito'),
      triggers,
      onEmail: (mail) => mailbox.add(mail),
      ...(hostedUi ? { hostedUi } : {}),
      webAuthn: { relyingPartyId: site.hostname, origins: [site.origin] },
    });
  const cognito = await start(previousPort).catch((error: unknown) => {
    // Only the pool's own kept port (the hosted UI's is chosen apart, by keptPort).
    const taken = error as NodeJS.ErrnoException & { port?: number };
    if (previousPort && taken.code === 'EADDRINUSE' && taken.port === previousPort) return start(0);
    throw error;
  });
  writeFileSync(portFile, String(new URL(cognito.endpoint).port));
  return cognito;
}

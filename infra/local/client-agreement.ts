/**
 * The local stack's client agreement (a stage sets its own as clientAgreement in infra/stages.ts):
 * AGREEMENT_VERSION and AGREEMENT_URL when a developer or a test sets them, else the demo's. The
 * demo page sits on the demo firm's reserved domain beside its terms and privacy notice
 * (infra/aws/demo-firm.ts): an https page as a stage's must be, which names no real firm; the
 * local site's own origin is plain http on a port chosen at the start, so it could not be one.
 * A malformed value stops the start: a typo must never mean "no agreement".
 */
import { AGREEMENT_VERSION_PATTERN, type ClientAgreement, isAgreementUrl } from '../../shared/client-agreement';

export const DEMO_AGREEMENT: Readonly<ClientAgreement> = {
  version: 'demo-1',
  url: 'https://aurum.example/client-agreement',
};

export function localClientAgreement(env: NodeJS.ProcessEnv = process.env): ClientAgreement {
  const version = env.AGREEMENT_VERSION?.trim() || DEMO_AGREEMENT.version;
  const url = env.AGREEMENT_URL?.trim() || DEMO_AGREEMENT.url;
  if (!AGREEMENT_VERSION_PATTERN.test(version))
    throw new Error(`AGREEMENT_VERSION must be 1-32 letters, digits, dots, dashes or underscores, not '${version}'.`);
  if (!isAgreementUrl(url))
    throw new Error(`AGREEMENT_URL must be an http(s) address of a page, not '${env.AGREEMENT_URL}'.`);
  return { version, url };
}

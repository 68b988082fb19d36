/**
 * The CDK app: `cdk deploy` (or `npm run synth` to only build the template).
 * Context (cdk.json, or -c key=value):
 *   googleClientId, googleSecretName  Google sign-in: the OAuth client id and the name of a Secrets
 *                                      Manager secret holding its client secret (both, or neither)
 *   localhostCallbacks=true            also allow http://localhost:3000 as an OAuth callback
 *   alarmEmail                         where alarms are e-mailed
 *   stackName                          default AurumPortal
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PortalStack } from './portal-stack';

const app = new App();
const ctx = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const googleClientId = ctx('googleClientId');
const googleSecretName = ctx('googleSecretName');
if (Boolean(googleClientId) !== Boolean(googleSecretName)) {
  throw new Error('Google sign-in needs both -c googleClientId=... and -c googleSecretName=... (or neither).');
}

new PortalStack(app, ctx('stackName') ?? 'AurumPortal', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: 'Aurum client portal: SPA, API, Cognito, DynamoDB, weekly growth',
  google: googleClientId && googleSecretName ? { clientId: googleClientId, clientSecretName: googleSecretName } : undefined,
  localhostCallbacks: ctx('localhostCallbacks') === 'true',
  alarmEmail: ctx('alarmEmail'),
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

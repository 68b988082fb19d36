/**
 * The second validator: AWS Control Tower's proactive controls (cfn-guard) on every stack of a
 * stage. Every finding is fixed or acknowledged on its resource with a reason; a new one fails.
 */
import { App, type Stack } from 'aws-cdk-lib';
import { guardFindings } from './test-support/guard-findings';
import { projectContext } from './test-support/project-context';
import { buildStage } from './stage';

const app = new App({ context: projectContext() });
const { portal, edge, operations, edgeAlarms } = buildStage(app, {
  stage: 'guard',
  account: '666666666666',
  region: 'eu-west-1',
  stackName: 'GuardTest',
  authDomainPrefix: 'aurum-guard-666666666666',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
  google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
  ses: { fromEmail: 'no-reply@aurum.example', identity: 'aurum.example' },
  alarmEmail: 'ops@aurum.example',
});

type TemplateJson = {
  Resources: Record<
    string,
    { Metadata?: { guard?: { SuppressedRules?: string[]; Reasons?: Record<string, string> } } }
  >;
};

describe.each<[string, () => Stack]>([
  ['the portal stack', () => portal],
  ['the edge stack', () => edge as Stack],
  ['the operations stack', () => operations],
  ['the edge alarms stack', () => edgeAlarms as Stack],
])('Control Tower controls on %s', (_, stackOf) => {
  it('has no finding left unfixed or unacknowledged', () => {
    const findings = guardFindings(stackOf());
    expect(findings.map((f) => `${f.control ?? f.rule} ${f.resource} (${f.type}): ${f.message}`)).toEqual([]);
  }, 60_000);

  it('gives a reason for every acknowledgement', () => {
    const template = app.synth().getStackArtifact(stackOf().artifactId).template as TemplateJson;
    for (const [id, resource] of Object.entries(template.Resources)) {
      const guard = resource.Metadata?.guard;
      for (const control of guard?.SuppressedRules ?? []) {
        expect({ id, control, reason: (guard?.Reasons?.[control] ?? '').length > 20 }).toEqual({
          id,
          control,
          reason: true,
        });
      }
    }
  });
});

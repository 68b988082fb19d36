/**
 * Every resource of every stack of every stage, and of a production stage with every optional
 * setting, validates against its type's CloudFormation schema (test-support/resource-schemas.ts): an unknown
 * property, a wrong type, a value CloudFormation does not allow or a required property missing
 * fails here instead of in the middle of a first deploy. The checker is shown to refuse each of
 * those on a stack built wrong on purpose, so it cannot pass by accepting everything.
 */
import { App, CfnParameter, CfnResource, Fn, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { projectContext } from './test-support/project-context';
import { ResourceSchemaCheck, skipReason, type TemplateCheck } from './test-support/resource-schema-check';
import { buildStage } from './stage';
import { resolveStage, type StageSettings } from './stage-config';
import { stages } from '../stages';

function committed(name: string): StageSettings {
  const settings = stages[name];
  if (!settings) throw new Error(`infra/stages.ts has no stage ${name}`);
  return settings;
}

/** A production stage with every optional setting set: the most resources a stage can have. */
const FULLEST_PRODUCTION: StageSettings = {
  ...committed('prod'),
  account: '121212121212',
  authDomainPrefix: 'aurum-full-121212121212',
  production: true,
  alarmEmail: 'ops@aurum-capital.com',
  backupCopy: { vaultArn: 'arn:aws:backup:eu-west-1:343434343434:backup-vault:aurum-full-copies' },
  google: { clientId: 'portal.apps.googleusercontent.com', clientSecretName: 'aurum/full/google-client-secret' },
  ses: { fromEmail: 'no-reply@aurum-capital.com', fromName: 'Aurum', identity: 'aurum-capital.com' },
  domain: { name: 'portal.aurum-capital.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'aurum-capital.com' },
  fundingInstructions: [
    'Aurum Capital Bank',
    'Account holder: Aurum Capital Ltd',
    'IBAN: GB00 AURM 0000 0000 0000 00',
    'Reference: your e-mail address',
  ],
  firm: {
    legalName: 'Aurum Capital Ltd',
    riskDisclosure:
      'Past performance is not a guide to future returns. The 100% annual growth target is a target: it is not guaranteed.',
    termsUrl: 'https://aurum-capital.com/terms',
    privacyUrl: 'https://aurum-capital.com/privacy',
    supportEmail: 'support@aurum-capital.com',
    supportPhone: '+44 20 7946 0000',
  },
};

const STAGES: Record<string, StageSettings> = { ...stages, full: FULLEST_PRODUCTION };

const check = new ResourceSchemaCheck();

/** Every stack the stage's app holds, as `cdk deploy` would synthesize it (without bundling). */
function stacksOf(stage: string) {
  const app = new App({ context: projectContext() });
  buildStage(app, resolveStage(stage, STAGES));
  return app.synth().stacksRecursively.map((stack) => ({ name: stack.stackName, template: stack.template }));
}

/** The check of a stack holding one resource, built by hand (`build` adds its attributes). */
function checkOne(
  type: string,
  properties: Record<string, unknown>,
  build?: (stack: Stack, resource: CfnResource) => void,
): string[] {
  // Only this checker: CDK's own validation of the synth (cdk.json) is the test below.
  const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Built');
  const resource = new CfnResource(stack, 'Subject', { type, properties });
  build?.(stack, resource);
  return problemsOf(check.check(Template.fromStack(stack).toJSON()));
}

const problemsOf = (result: TemplateCheck) => result.violations.map((v) => `${v.resource}: ${v.problem}`);

describe.each(Object.keys(STAGES))('stage %s', (stage) => {
  it('every resource of each of its stacks validates against its CloudFormation schema', () => {
    const stacks = stacksOf(stage);
    const stackName = STAGES[stage]?.stackName;
    expect(stacks.map((s) => s.name)).toEqual(expect.arrayContaining([stackName, `${stackName}-Edge`]));
    for (const { name, template } of stacks) {
      const result = check.check(template);
      expect({ name, problems: problemsOf(result) }).toEqual({ name, problems: [] });
      const checked = [...result.checked.values()].flat();
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.length + result.skipped.length).toBe(Object.keys(template.Resources ?? {}).length);
      for (const skip of result.skipped) expect(skipReason(skip.type)).toBe(skip.reason);
    }
  });
});

describe('the checker refuses what CloudFormation would', () => {
  it('an unknown property', () => {
    expect(checkOne('AWS::SNS::Topic', { TopicNam: 'alerts' })).toEqual([
      'Subject: Properties must NOT have additional properties (unknown: TopicNam)',
    ]);
  });

  it('an unknown property inside a definition or a tag', () => {
    expect(
      checkOne('AWS::SNS::Topic', {
        Subscription: [{ Endpoint: 'ops@aurum-capital.com', Protocol: 'email', Filter: 'alarms' }],
      }),
    ).toEqual(['Subject: Properties.Subscription.0 must NOT have additional properties (unknown: Filter)']);
    expect(checkOne('AWS::SQS::Queue', { Tags: [{ Key: 'team', Value: 'ops', Owner: 'ops' }] })).toEqual([
      'Subject: Properties.Tags.0 must NOT have additional properties (unknown: Owner)',
    ]);
  });

  it('a wrong type', () => {
    expect(checkOne('AWS::SQS::Queue', { VisibilityTimeout: { Seconds: 30 } })).toEqual([
      'Subject: Properties.VisibilityTimeout must be integer',
    ]);
  });

  it('a value CloudFormation does not allow', () => {
    expect(checkOne('AWS::Logs::LogGroup', { RetentionInDays: 10 })).toEqual([
      expect.stringMatching(
        /^Subject: Properties.RetentionInDays must be equal to one of the allowed values \(allowed: 1, 3, 5, 7, 14, 30,/,
      ),
    ]);
  });

  it('a required property missing', () => {
    expect(
      checkOne('AWS::Lambda::Function', {
        Code: { ZipFile: 'exports.handler = () => {}' },
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
      }),
    ).toEqual(["Subject: Properties must have required property 'Role'"]);
  });

  it('a type CloudFormation does not have', () => {
    expect(checkOne('AWS::SNS::Topics', {})).toEqual([
      'Subject: AWS::SNS::Topics is not a CloudFormation resource type',
    ]);
  });

  it('a deletion policy CloudFormation does not have', () => {
    expect(
      checkOne('AWS::SNS::Topic', {}, (_stack, resource) => resource.addOverride('DeletionPolicy', 'Keep')),
    ).toEqual([
      'Subject: .DeletionPolicy must be equal to one of the allowed values (allowed: Delete, Retain, RetainExceptOnCreate, Snapshot)',
    ]);
  });

  it('an object that only looks like an intrinsic function', () => {
    expect(checkOne('AWS::SNS::Topic', { DisplayName: { 'Fn::Joins': ['', ['a', 'b']] } })).toEqual([
      'Subject: Properties.DisplayName must be string',
    ]);
  });

  it('an intrinsic function that returns a string where a list is expected', () => {
    const problems = checkOne('AWS::SNS::Topic', {}, (stack, resource) => {
      const endpoint = new CfnParameter(stack, 'Endpoint', { type: 'String' });
      resource.addPropertyOverride('Subscription', Fn.join(',', [endpoint.valueAsString, 'b']));
    });
    expect(problems).toEqual([
      'Subject: Properties.Subscription cannot be Fn::Join: what it returns does not fit there',
    ]);
  });

  it("and so does the project's synth (CDK's CloudFormation Validate, its findings errors by cdk.json)", () => {
    const app = new App({ context: projectContext() });
    new CfnResource(new Stack(app, 'Built'), 'Subject', {
      type: 'AWS::SNS::Topic',
      properties: { TopicNam: 'alerts' },
    });
    expect(() => app.synth()).toThrow(/TopicNam/);
  });

  it('but takes intrinsic functions wherever their value fits', () => {
    const problems = checkOne('AWS::SQS::Queue', {}, (stack, resource) => {
      const seconds = new CfnParameter(stack, 'Seconds', { type: 'Number' });
      const key = new CfnResource(stack, 'Key', { type: 'AWS::KMS::Key', properties: { KeyPolicy: {} } });
      resource.addPropertyOverride('VisibilityTimeout', seconds.valueAsNumber);
      resource.addPropertyOverride('KmsMasterKeyId', key.getAtt('Arn'));
      resource.addPropertyOverride('QueueName', Fn.join('-', ['aurum', Fn.select(0, Fn.split('/', stack.stackId))]));
      resource.addPropertyOverride('Tags', [{ Key: 'stack', Value: Fn.sub('${AWS::StackName}') }]);
    });
    expect(problems).toEqual([]);
  });
});

/**
 * The notifications' outbox in the CDK stack: the table's stream, the notifier's event source
 * mapping (partial-batch failures, retries, bisection, a dead-letter destination), the alarm on
 * the dead letters, and sending from the stage's SES identity only.
 */
import { actionKeys, jobRunKeys, keys } from '../../lambdas/lib/data/table';
import { sentMarkerKeys } from '../../lambdas/notifications/sent-marker';
import { NOTIFIER_TABLE_USE } from '../../lambdas/table-uses';
import { NOTIFIER_MAX_RECORD_AGE, NOTIFIER_RETRY_ATTEMPTS } from './notifications';
import { stageTemplates, type Statement, templateReader } from './test-support/template-reader';
import type { StageConfig } from './stage-config';

const BASE: StageConfig = {
  stage: 'mail',
  account: '444444444444',
  region: 'eu-west-1',
  stackName: 'MailTest',
  authDomainPrefix: 'aurum-mail-444444444444',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
};
const DESCRIPTION =
  'Notifier: e-mails clients and admins about money moves and withdrawal requests, from the table stream';

const withSesStage = stageTemplates({
  ...BASE,
  ses: { fromEmail: 'portal@firm.example', fromName: 'Aurum', identity: 'firm.example' },
});
const withSes = templateReader(withSesStage.template);
const withoutSes = templateReader(stageTemplates(BASE).template);

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

it('gives the table a stream with the items before and after each change', () => {
  const tables = withSes.ofType('AWS::DynamoDB::Table').map(([, t]) => t.Properties.StreamSpecification);
  expect(tables).toEqual([{ StreamViewType: 'NEW_AND_OLD_IMAGES' }]);
});

it('feeds the notifier from the stream: batches, partial-batch failures, bisection, bounded retries, dead letters', () => {
  const [notifierId] = withSes.functionDescribed(DESCRIPTION);
  // The notifier's own (the activity sealer has another: infra/aws/activity-sealer.test.ts).
  const mappings = withSes
    .ofType('AWS::Lambda::EventSourceMapping')
    .map(([, m]) => m.Properties)
    .filter((m) => JSON.stringify(m.FunctionName).includes(notifierId));
  expect(mappings).toHaveLength(1);
  const mapping = mappings[0] as Record<string, unknown>;
  expect(mapping).toMatchObject({
    FunctionName: { Ref: notifierId },
    StartingPosition: 'LATEST',
    BatchSize: 10,
    FunctionResponseTypes: ['ReportBatchItemFailures'],
    BisectBatchOnFunctionError: true,
    MaximumRetryAttempts: NOTIFIER_RETRY_ATTEMPTS,
    MaximumRecordAgeInSeconds: NOTIFIER_MAX_RECORD_AGE.toSeconds(),
  });
  // Writes only, and only to clients' items and job runs: never the notifier's own sent-markers.
  const [filter] = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
  expect(JSON.parse(filter?.Pattern ?? '{}')).toEqual({
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: {
      Keys: {
        PK: {
          S: [{ prefix: keys.clientPk('') }, { prefix: actionKeys.item('').PK }, { prefix: jobRunKeys.weeklyGrowthPk }],
        },
      },
    },
  });
  const marker = sentMarkerKeys.marker('entry:s:e', 'a@example.com').PK;
  expect(
    [keys.clientPk(''), actionKeys.item('').PK, jobRunKeys.weeklyGrowthPk].some((prefix) => marker.startsWith(prefix)),
  ).toBe(false);
  const destination = (mapping.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } })
    .OnFailure.Destination['Fn::GetAtt'][0];
  expect(withSes.all()[destination]?.Type).toBe('AWS::SQS::Queue');
  // The dead letters page someone: an alarm of the operations stack, on the queue's name the portal stack publishes.
  const outputs = withSesStage.template.toJSON().Outputs as Record<string, { Value: unknown }>;
  const queueNameOutputs = Object.entries(outputs)
    .filter(([, o]) => JSON.stringify(o.Value) === JSON.stringify({ 'Fn::GetAtt': [destination, 'QueueName'] }))
    .map(([name]) => name);
  expect(queueNameOutputs).toHaveLength(1);
  const alarms = templateReader(withSesStage.operationsTemplate)
    .ofType('AWS::CloudWatch::Alarm')
    .map(([, a]) => a.Properties);
  const onQueue = (a: Record<string, unknown>) =>
    JSON.stringify(a.Dimensions ?? a.Metrics ?? '').includes(`"OutputName":"${queueNameOutputs[0]}"`);
  expect(alarms.some((a) => onQueue(a) && a.Threshold === 1)).toBe(true);
});

it('lets the notifier send only from the stage identity, read the admins, and use exactly its declared table actions', () => {
  const [notifierId] = withSes.functionDescribed(DESCRIPTION);
  const statements = withSes.statementsOf(notifierId).filter((s) => s.Effect === 'Allow');
  const ses = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
  expect(ses).toHaveLength(1);
  expect(actionsOf(ses[0] as Statement)).toEqual(['ses:SendEmail']);
  // The identity and the notifications' configuration set, and nothing else.
  const resources = JSON.stringify(ses[0]?.Resource);
  expect(resources).toContain(':identity/firm.example');
  expect((ses[0]?.Resource as unknown[]).length).toBe(2);
  const cognito = statements.flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:'));
  expect(cognito).toEqual(['cognito-idp:ListUsersInGroup']);
  const dynamo = statements
    .flatMap(actionsOf)
    .filter((a) => a.startsWith('dynamodb:') && !/Stream|Shard|GetRecords/.test(a));
  expect(new Set(dynamo)).toEqual(new Set(NOTIFIER_TABLE_USE.actions.map((a) => `dynamodb:${a}`)));
  const env = (withSes.all()[notifierId]?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  expect(env.NOTIFY_FROM).toBe('Aurum <portal@firm.example>');
  expect(env.NOTIFY_CONFIGURATION_SET).toMatch(/^aurum-[\w-]+-notifications$/);
  const sets = Object.values(withSes.all())
    .filter((r) => r.Type === 'AWS::SES::ConfigurationSet')
    .map((r) => (r.Properties as { Name?: unknown }).Name);
  expect(sets).toContain(env.NOTIFY_CONFIGURATION_SET);
  expect(resources).toContain(`:configuration-set/${String(env.NOTIFY_CONFIGURATION_SET)}`);
});

it('deploys without an SES identity: no send permission, and the notifier is told notifications are off', () => {
  const [notifierId] = withoutSes.functionDescribed(DESCRIPTION);
  expect(
    withoutSes
      .statementsOf(notifierId)
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('ses:')),
  ).toEqual([]);
  const env = (withoutSes.all()[notifierId]?.Properties.Environment as { Variables: Record<string, unknown> })
    .Variables;
  expect(env.NOTIFY_FROM).toBeUndefined();
});

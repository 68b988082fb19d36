/**
 * The activity sealer as synthesized: its function on the table's stream, filtered to activity
 * entries; its grant reaching the seal keys only; every other role that writes the table denied
 * every write on them; the stream carrying new images; the tamper alarm on the alarm topic.
 */
import { ACTIVITY_TAMPERED_METRIC, activitySealerDimensions } from '../../lambdas/jobs/activity-sealer-metrics';
import { activityKeys, activitySealKeys } from '../../lambdas/lib/data/table';
import { SEAL_WRITE_ACTIONS } from './activity-seal-items';
import { SEALER_DESCRIPTION } from './activity-sealer';
import { stageTemplates, type Statement, templateReader } from './test-support/template-reader';

const BASE = {
  stage: 'seals',
  account: '555555555555',
  region: 'eu-west-1',
  stackName: 'SealsTest',
  authDomainPrefix: 'aurum-seals-555555555555',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
};
const { template, operationsTemplate } = stageTemplates(BASE);
const { all, ofType, functionDescribed, statementsOf, statementsOfRole } = templateReader(template);
const [tableId, table] = ofType('AWS::DynamoDB::Table')[0] ?? [];
const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
const [sealerId, sealer] = functionDescribed(SEALER_DESCRIPTION);
const WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|PartiQL\w+|\*)$/;
const writes = (s: Statement) => s.Effect === 'Allow' && [s.Action].flat().some((a) => WRITES.test(a));

it('feeds the sealer every event of an activity entry, and nothing else, from the oldest record, with failures kept', () => {
  expect((table?.Properties.StreamSpecification as { StreamViewType: string }).StreamViewType).toMatch(
    /NEW_AND_OLD_IMAGES|NEW_IMAGE/,
  );
  const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(([, m]) =>
    JSON.stringify(m.Properties.FunctionName).includes(sealerId),
  );
  expect(mappings).toHaveLength(1);
  const mapping = mappings[0]?.[1].Properties as Record<string, unknown>;
  expect(mapping.StartingPosition).toBe('TRIM_HORIZON');
  expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  expect(mapping.DestinationConfig).toBeDefined();
  const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
    (f) => JSON.parse(f.Pattern) as unknown,
  );
  expect(filters).toEqual([{ dynamodb: { Keys: { PK: { S: [{ prefix: activityKeys.prefix }] } } } }]);
  // The seal keys do not begin with the entries' prefix: the sealer is never fed its own writes.
  expect(activitySealKeys.prefix.startsWith(activityKeys.prefix)).toBe(false);
  expect(sealer.Properties.Environment).toMatchObject({ Variables: { AURUM_STAGE: 'seals' } });
});

it('lets the sealer write the seal keys and nothing else, and denies it changing an activity entry', () => {
  // On the table itself (the stream's reads are on the stream's ARN).
  const grants = statementsOf(sealerId).filter(
    (s) => s.Effect === 'Allow' && JSON.stringify([s.Resource].flat()).includes(JSON.stringify(tableArn)),
  );
  expect(grants).toEqual([
    {
      Effect: 'Allow',
      Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      Resource: tableArn,
      Condition: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': 'ACTIVITYSEAL#*' },
        Null: { 'dynamodb:LeadingKeys': 'false' },
      },
    },
  ]);
  const denials = statementsOf(sealerId).filter((s) => s.Effect === 'Deny');
  expect(denials).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': 'ACTIVITY#*' } } }),
    ]),
  );
  expect(JSON.stringify(denials)).not.toContain('ACTIVITYSEAL#');
});

it('denies every other role that writes the table every write of a seal, a head, a tamper record or the last check', () => {
  const sealerRole = (sealer.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const writesThisTable = (s: Statement) => writes(s) && JSON.stringify(s.Resource) === JSON.stringify(tableArn);
  const writers = ofType('AWS::IAM::Role').filter(
    ([id]) => id !== sealerRole && statementsOfRole(id).some(writesThisTable),
  );
  expect(writers.length).toBeGreaterThan(10);
  for (const [roleId] of writers) {
    const denial = statementsOfRole(roleId).find(
      (s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('ACTIVITYSEAL#*'),
    );
    expect({ roleId, denial: denial && { ...denial, Action: [denial.Action].flat().sort() } }).toEqual({
      roleId,
      denial: {
        Effect: 'Deny',
        Action: SEAL_WRITE_ACTIONS.map((a) => `dynamodb:${a}`).sort(),
        Resource: tableArn,
        Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': 'ACTIVITYSEAL#*' } },
      },
    });
  }
});

it('alarms on the alarm topic at the first tampering, and on records left unsealed', () => {
  // The alarms and their topic are the operations stack's (operations-stack.ts).
  const operations = templateReader(operationsTemplate);
  const alarms = operations.ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const tampered = alarms.find((a) => a.MetricName === ACTIVITY_TAMPERED_METRIC);
  expect(tampered).toMatchObject({
    Namespace: 'Aurum/Portal',
    Statistic: 'Sum',
    Threshold: 1,
    EvaluationPeriods: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    TreatMissingData: 'notBreaching',
    Dimensions: Object.entries(activitySealerDimensions('seals')).map(([Name, Value]) => ({ Name, Value })),
  });
  const [topicId] = operations.ofType('AWS::SNS::Topic')[0] ?? [];
  expect(tampered?.AlarmActions).toEqual([{ Ref: topicId }]);
  expect(alarms.some((a) => String(a.AlarmDescription).startsWith('Activity entries could not be sealed'))).toBe(true);
  expect(Object.keys(all()).length).toBeGreaterThan(0);
});

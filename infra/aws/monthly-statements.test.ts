/**
 * The monthly statements job as the stage deploys it: the state machine's definition read back
 * from the synthesized template is the one the local stack runs (its one substitution the job
 * function), its two schedules (the run on the 1st with the scheduled time, the check on the 2nd),
 * and its alarms in the operations stack: an execution failed, timed out or aborted; no run
 * finished the month by the 2nd (the check's metric, under the stage); dead letters; near timeout.
 */
import { Match } from 'aws-cdk-lib/assertions';
import {
  MONTHLY_STATEMENTS_METRICS,
  MONTHLY_STATEMENTS_NAMESPACE,
  monthlyStatementsDimensions,
} from '../../lambdas/jobs/monthly-statements-metrics';
import { LOCAL_STATEMENTS_FUNCTION, localMonthlyStatementsDefinition } from '../local/monthly-statements-run';
import { MONTHLY_RUN_TIMEOUT_SECONDS } from '../monthly-statements-flow';
import { stageTemplates, templateReader } from './test-support/template-reader';

const STAGE = 'flow';
const { operationsTemplate: template } = stageTemplates({
  stage: STAGE,
  account: '444444444444',
  region: 'eu-west-1',
  stackName: 'FlowTest',
  authDomainPrefix: 'aurum-flow-444444444444',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
});
const { ofType, functionDescribed } = templateReader(template);
const [jobId, job] = functionDescribed("Monthly statements: writes every client's statements for the month");

function machine(): [string, { DefinitionString: unknown; DefinitionSubstitutions: Record<string, unknown> }] {
  const found = ofType('AWS::StepFunctions::StateMachine').filter(([, m]) =>
    JSON.stringify(m.Properties.DefinitionSubstitutions).includes('MonthlyStatementsFunctionArn'),
  );
  expect(found).toHaveLength(1);
  const [id, resource] = found[0]!;
  return [id, resource.Properties as never];
}

it("runs locally the template's state machine definition, its one substitution the job function", () => {
  const [, { DefinitionString, DefinitionSubstitutions }] = machine();
  expect(DefinitionSubstitutions).toEqual({ MonthlyStatementsFunctionArn: { 'Fn::GetAtt': [jobId, 'Arn'] } });
  expect(typeof DefinitionString).toBe('string');
  const deployed = String(DefinitionString).replaceAll('${MonthlyStatementsFunctionArn}', LOCAL_STATEMENTS_FUNCTION);
  expect(deployed).toBe(localMonthlyStatementsDefinition());
  expect(JSON.parse(deployed)).toMatchObject({ TimeoutSeconds: MONTHLY_RUN_TIMEOUT_SECONDS });
  template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
    DefinitionSubstitutions: { MonthlyStatementsFunctionArn: Match.anyValue() },
    TracingConfiguration: { Enabled: true },
    LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
  });
  expect(job.Properties).toMatchObject({ Timeout: 300, MemorySize: 1769 });
});

it('starts on the 1st at 02:00 UTC with the scheduled time, and checks the month on the 2nd at 00:00 UTC', () => {
  const [machineId] = machine();
  template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: 'cron(0 2 1 * ? *)',
    State: 'ENABLED',
    Targets: [
      Match.objectLike({
        Arn: { Ref: machineId },
        InputTransformer: { InputPathsMap: { time: '$.time' }, InputTemplate: '{"time":<time>}' },
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
        DeadLetterConfig: Match.anyValue(),
      }),
    ],
  });
  template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: 'cron(0 0 2 * ? *)',
    State: 'ENABLED',
    Targets: [
      Match.objectLike({
        Arn: { 'Fn::GetAtt': [jobId, 'Arn'] },
        InputTransformer: { InputPathsMap: { time: '$.time' }, InputTemplate: '{"step":"check","time":<time>}' },
        DeadLetterConfig: Match.anyValue(),
      }),
    ],
  });
});

it('alarms when an execution fails, times out or is aborted, and when no run finished the month by the 2nd', () => {
  const alarms = templateReader(template)
    .ofType('AWS::CloudWatch::Alarm')
    .map(([, a]) => a.Properties);
  const described = (words: string) => alarms.filter((a) => String(a.AlarmDescription).startsWith(words));
  const [failed] = described('A monthly statements execution failed, timed out or was aborted');
  expect(failed).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  const expression = (failed?.Metrics as { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[])
    .map((m) => m.Expression ?? m.MetricStat?.Metric.MetricName)
    .sort();
  expect(expression).toEqual(
    ['ExecutionsAborted', 'ExecutionsFailed', 'ExecutionsTimedOut', 'failed + timedOut + aborted'].sort(),
  );
  expect(JSON.stringify(failed?.Metrics)).toContain('StateMachineArn');
  expect(described('No monthly statements run finished')).toEqual([
    expect.objectContaining({
      Namespace: MONTHLY_STATEMENTS_NAMESPACE,
      MetricName: MONTHLY_STATEMENTS_METRICS.missing,
      Dimensions: Object.entries(monthlyStatementsDimensions(STAGE)).map(([Name, Value]) => ({ Name, Value })),
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      AlarmActions: [expect.anything()],
    }),
  ]);
  expect(described('A monthly statements start or check could not be delivered')).toHaveLength(1);
  expect(described('A monthly statements step took over 95% of its timeout')).toEqual([
    expect.objectContaining({ Threshold: 300_000 * 0.95 }),
  ]);
});

/**
 * The weekly growth flow the local stack runs is the one the stack deploys: the synthesized
 * template's DefinitionString, with its DefinitionSubstitutions applied as CloudFormation applies
 * them (the job function's local name where the deploy puts its ARN), is the local runner's
 * definition to the character.
 */
import { WEEKLY_RUN_TIMEOUT_SECONDS } from '../weekly-growth-flow';
import { localWeeklyGrowthDefinition, LOCAL_JOB_FUNCTION } from '../local/weekly-growth-run';
import { stageTemplates, templateReader } from './test-support/template-reader';

const { template } = stageTemplates({
  stage: 'flow',
  account: '444444444444',
  region: 'eu-west-1',
  stackName: 'FlowTest',
  authDomainPrefix: 'aurum-flow-444444444444',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
});
const { ofType, functionDescribed } = templateReader(template);

it("runs locally the template's state machine definition, its one substitution the job function", () => {
  const machines = ofType('AWS::StepFunctions::StateMachine').filter(([, m]) =>
    JSON.stringify(m.Properties.DefinitionSubstitutions).includes('WeeklyGrowthFunctionArn'),
  );
  expect(machines).toHaveLength(1);
  const { DefinitionString, DefinitionSubstitutions } = machines[0]![1].Properties as {
    DefinitionString: unknown;
    DefinitionSubstitutions: Record<string, unknown>;
  };
  const [jobId] = functionDescribed('Weekly growth: grows every due portfolio from its ledger');
  expect(DefinitionSubstitutions).toEqual({ WeeklyGrowthFunctionArn: { 'Fn::GetAtt': [jobId, 'Arn'] } });
  expect(typeof DefinitionString).toBe('string');
  const deployed = Object.keys(DefinitionSubstitutions).reduce(
    (definition, key) => definition.replaceAll(`\${${key}}`, LOCAL_JOB_FUNCTION),
    String(DefinitionString),
  );
  expect(deployed).toBe(localWeeklyGrowthDefinition());
  // The run's limit, which the failure alarm's "timed out" needs, is in the deployed definition.
  expect(JSON.parse(deployed)).toMatchObject({ TimeoutSeconds: WEEKLY_RUN_TIMEOUT_SECONDS });
});

/**
 * Prints, for a workflow's GITHUB_OUTPUT, the account, region and role ARN of a stage's diff or
 * deploy role, all taken from infra/stages.ts, so no workflow or repository setting repeats them:
 *
 *   npx tsx infra/aws/pipeline-stage-env.ts <stage> <diff|deploy> >> "$GITHUB_OUTPUT"
 */
import { stages } from '../stages';
import { type RoleKind, stageOutputs } from './pipeline-access';
import { resolveStage } from './stage-config';

const [stage, kind] = process.argv.slice(2);
if (kind !== 'diff' && kind !== 'deploy') {
  console.error('usage: pipeline-stage-env.ts <stage> <diff|deploy>');
  process.exit(2);
}
console.log(stageOutputs(resolveStage(stage, stages), kind satisfies RoleKind));

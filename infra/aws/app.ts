/**
 * The CDK app: `npm run deploy -- -c stage=<name>` (or AURUM_STAGE=<name>). Every setting of a
 * stage lives in infra/stages.ts, so no deploy depends on flags remembered from the last one.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stages } from '../stages';
import { buildStage } from './stage';
import { resolveStage } from './stage-config';

const app = new App();
const chosen: unknown = app.node.tryGetContext('stage') ?? process.env.AURUM_STAGE;
buildStage(app, resolveStage(typeof chosen === 'string' ? chosen.trim() : undefined, stages));
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

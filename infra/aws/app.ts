/**
 * The CDK app: `npm run deploy -- -c stage=<name>` (or AURUM_STAGE=<name>). Every setting of a
 * stage lives in infra/stages.ts, so no deploy depends on flags remembered from the last one.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stages } from '../stages';
import { buildStage } from './stage';
import { refuseUndeployable, resolveStage } from './stage-config';

const app = new App();
const chosen: unknown = app.node.tryGetContext('stage') ?? process.env.AURUM_STAGE;
const config = resolveStage(typeof chosen === 'string' ? chosen.trim() : undefined, stages);
// `npm run deploy` says it is deploying: a synth or a diff of a sample stage is fine, its deploy is not.
if (String(app.node.tryGetContext('deploy')) === 'true') refuseUndeployable(config);
buildStage(app, config);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

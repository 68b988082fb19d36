/**
 * The CDK app of GitHub Actions' access to a stage (docs/pipeline.md), deployed once per stage by
 * someone with administrator credentials for the stage's account:
 *
 *   npx cdk deploy -a "npx tsx infra/aws/pipeline-app.ts" -c stage=<stage> -c githubRepo=<owner>/<name> \
 *     -c githubRepoId=<repository id> -c githubOwnerId=<owner id>
 *
 * Add `-c githubOidcProvider=existing` when the account already has GitHub's provider.
 * The account and region are the stage's, from infra/stages.ts.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stages } from '../stages';
import { parseGithubId, parseGithubRepo } from './pipeline-access';
import { PipelineStack } from './pipeline-stack';
import { resolveStage } from './stage-config';

/** The `githubOidcProvider` context: create GitHub's provider (the default) or use the account's. */
function providerMode(value: unknown): 'create' | 'existing' {
  if (value === undefined || value === 'create' || value === 'existing') return value ?? 'create';
  throw new Error(`githubOidcProvider '${String(value)}' must be 'create' (the default) or 'existing'.`);
}

const app = new App();
const chosen: unknown = app.node.tryGetContext('stage') ?? process.env.AURUM_STAGE;
const config = resolveStage(typeof chosen === 'string' ? chosen.trim() : undefined, stages);
new PipelineStack(app, `${config.stackName}-Pipeline`, {
  env: { account: config.account, region: config.region },
  description: `Aurum client portal (${config.stage}): GitHub Actions' OpenID Connect roles`,
  tags: { 'aurum:stage': config.stage },
  config,
  github: {
    repo: parseGithubRepo(app.node.tryGetContext('githubRepo')),
    repoId: parseGithubId('githubRepoId', app.node.tryGetContext('githubRepoId')),
    ownerId: parseGithubId('githubOwnerId', app.node.tryGetContext('githubOwnerId')),
  },
  oidcProvider: providerMode(app.node.tryGetContext('githubOidcProvider')),
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

/**
 * Who in GitHub may act on a stage, and as what: the names of the two roles each stage gives
 * GitHub Actions, the token subjects each role trusts, the CDK bootstrap roles the deploy role
 * may assume and the stacks the diff role may read. The pipeline stack (pipeline-stack.ts) builds
 * the roles from these, and the workflows find them through pipeline-stage-env.ts, so a role's
 * name is written once.
 */
import { EDGE_REGION, stageStacks } from './stage';
import type { StageConfig } from './stage-config';

/** GitHub's OpenID Connect issuer, and the audience aws-actions/configure-aws-credentials asks for. */
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** The qualifier of `cdk bootstrap`'s default template: the bootstrap roles carry it in their names. */
export const CDK_QUALIFIER = 'hnb659fds';

export type RoleKind = 'diff' | 'deploy';

/**
 * How each stage is deployed from GitHub: dev from every push to main, prod from a job of the
 * `prod` environment (a `v*` tag, once its reviewers approve). A stage missing here gets no
 * GitHub roles: the pipeline app refuses it.
 */
export const DEPLOY_TRIGGERS: Record<string, { branch: string } | { environment: string }> = {
  dev: { branch: 'main' },
  prod: { environment: 'prod' },
};

/** owner/name as GitHub allows them: an owner of 1-39 letters, digits or inner hyphens; a name of letters, digits, '.', '_', '-'. */
const GITHUB_REPO = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

/**
 * The repository the roles trust, by name and by GitHub's numeric ids. A name can be taken again
 * (a repository deleted or renamed, an owner renamed); the ids of the repository and of its owner
 * never pass to another, so a repository of the same name made later is still refused.
 */
export interface GithubIdentity {
  /** owner/name, checked by parseGithubRepo. */
  repo: string;
  /** The repository's id (`gh api repos/<owner>/<name> --jq .id`). */
  repoId: string;
  /** The owner's id (`gh api repos/<owner>/<name> --jq .owner.id`). */
  ownerId: string;
}

/**
 * The claims GitHub puts in each token's subject, in this order, once the repository's subject
 * customization is set (docs/pipeline.md, "Setting it up (once)"): the ids first, then the default
 * subject (`repo:<owner>/<name>:<context>`), so the context is last and a tag's name can end in a
 * wildcard without reaching into the rest.
 */
export const SUBJECT_CLAIM_KEYS = ['repository_owner_id', 'repository_id', 'repo', 'context'] as const;

/** Checks the `githubRepo` context: the roles trust this one repository and no other. */
export function parseGithubRepo(value: unknown): string {
  const usage = 'Name the GitHub repository whose workflows may use the roles: -c githubRepo=<owner>/<name>';
  if (value === undefined || value === null || value === '') throw new Error(`${usage}.`);
  if (typeof value !== 'string' || !GITHUB_REPO.test(value.trim()))
    throw new Error(`githubRepo '${String(value)}' is not <owner>/<name>. ${usage} (e.g. acme/aurum-portal).`);
  return value.trim();
}

/** Checks a `githubRepoId` or `githubOwnerId` context: GitHub's ids are positive integers. */
export function parseGithubId(name: 'githubRepoId' | 'githubOwnerId', value: unknown): string {
  const usage = `Give the ${name === 'githubRepoId' ? "repository's id: -c githubRepoId=$(gh api repos/<owner>/<name> --jq .id)" : "owner's id: -c githubOwnerId=$(gh api repos/<owner>/<name> --jq .owner.id)"}`;
  if (value === undefined || value === null || value === '') throw new Error(`${usage}.`);
  const text = String(value).trim();
  if (!/^[1-9]\d{0,19}$/.test(text))
    throw new Error(`${name} '${String(value)}' is not a GitHub id (a positive integer). ${usage}.`);
  return text;
}

/** The release tags whose prod diff the diff role may read before the approval (deploy.yml). */
export const RELEASE_TAGS = 'refs/tags/v*';

/** The subject of a token of this repository, in SUBJECT_CLAIM_KEYS' order, for a context (`pull_request`, `ref:<ref>`, `environment:<name>`). */
export const subjectOf = (github: GithubIdentity, context: string) =>
  `repository_owner_id:${github.ownerId}:repository_id:${github.repoId}:repo:${github.repo}:${context}`;

/**
 * The token subjects (`sub`) a stage's role trusts: for the diff, pull requests, and on a stage
 * deployed through an environment the release tags too, so the diff of the tag waiting for its
 * approval can be shown to its reviewers; for the deploy, the deploying ref or environment.
 */
export function trustedSubjects(stage: string, github: GithubIdentity, kind: RoleKind): string[] {
  const trigger = DEPLOY_TRIGGERS[stage];
  if (!trigger)
    throw new Error(
      `Stage '${stage}' has no deploy trigger: add it to DEPLOY_TRIGGERS in infra/aws/pipeline-access.ts (one of: ${Object.keys(DEPLOY_TRIGGERS).join(', ')}).`,
    );
  if (kind === 'diff')
    return 'branch' in trigger
      ? [subjectOf(github, 'pull_request')]
      : [subjectOf(github, 'pull_request'), subjectOf(github, `ref:${RELEASE_TAGS}`)];
  return 'branch' in trigger
    ? [subjectOf(github, `ref:refs/heads/${trigger.branch}`)]
    : [subjectOf(github, `environment:${trigger.environment}`)];
}

/** The role's name, fixed so a workflow can name it from infra/stages.ts alone. */
export const roleName = (stage: string, kind: RoleKind) => `aurum-${stage}-github-${kind}`;

/** The ARN partition of a region (GovCloud and China have their own). */
export function partitionOf(region: string): string {
  if (region.startsWith('us-gov-')) return 'aws-us-gov';
  if (region.startsWith('cn-')) return 'aws-cn';
  return 'aws';
}

export const roleArn = (config: StageConfig, kind: RoleKind) =>
  `arn:${partitionOf(config.region)}:iam::${config.account}:role/${roleName(config.stage, kind)}`;

/** The regions a stage deploys to: its own and, outside us-east-1, the edge stack's (stage.ts). */
export const stageRegions = (config: StageConfig) => [...new Set([config.region, EDGE_REGION])];

/** The bootstrap roles `cdk deploy` assumes: CloudFormation's deploy, asset upload, lookups. No image publishing: no image assets. */
const DEPLOY_BOOTSTRAP_ROLES = ['deploy', 'file-publishing', 'lookup'];

/** What the deploy role may assume: those bootstrap roles, in each of the stage's regions. */
export function bootstrapRoleArns(config: StageConfig): string[] {
  const partition = partitionOf(config.region);
  return stageRegions(config).flatMap((region) =>
    DEPLOY_BOOTSTRAP_ROLES.map(
      (role) =>
        `arn:${partition}:iam::${config.account}:role/cdk-${CDK_QUALIFIER}-${role}-role-${config.account}-${region}`,
    ),
  );
}

/** The stage's CloudFormation stacks, region by region (stage.ts): the diff role reads their templates. */
export function stageStackArns(config: StageConfig): string[] {
  const partition = partitionOf(config.region);
  return stageStacks(config).map(
    ({ name, region }) => `arn:${partition}:cloudformation:${region}:${config.account}:stack/${name}/*`,
  );
}

/** What a workflow needs to assume a stage's role and find its stack, as GITHUB_OUTPUT lines (pipeline-stage-env.ts). */
export function stageOutputs(config: StageConfig, kind: RoleKind): string {
  return [
    `account=${config.account}`,
    `region=${config.region}`,
    `role=${roleArn(config, kind)}`,
    `stack=${config.stackName}`,
  ].join('\n');
}

/**
 * The functions of the stage's main stack, by the names CloudFormation gives them (the stack's
 * name, then the construct's): the deploy role reads and moves their `live` alias to roll a
 * failed smoke test back (infra/tools/live-aliases.ts).
 */
export function stageFunctionArns(config: StageConfig): string[] {
  const fn = `arn:${partitionOf(config.region)}:lambda:${config.region}:${config.account}:function:${config.stackName}-*`;
  return [fn, `${fn}:*`];
}

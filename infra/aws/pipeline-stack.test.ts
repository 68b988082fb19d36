/**
 * GitHub Actions' roles as CloudFormation will create them: trusted only for GitHub's tokens of
 * one repository, with the audience configure-aws-credentials asks for and the one subject each
 * role is for; the deploy role allowed only to assume CDK's bootstrap roles, the diff role only
 * to read the stage's stacks. Also cdk-nag, Control Tower's controls, and the app's refusals.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stages } from '../stages';
import { guardFindings } from './test-support/guard-findings';
import { parseGithubId, parseGithubRepo, roleName, stageOutputs } from './pipeline-access';
import { statementMatches, wildcard } from './test-support/pipeline-policy-match';
import { PipelineStack, type PipelineStackProps } from './pipeline-stack';
import { projectContext } from './test-support/project-context';
import type { StageConfig, StageSettings } from './stage-config';
import { type Statement, templateReader } from './test-support/template-reader';

const REPO = 'acme/aurum-portal';
const GITHUB = { repo: REPO, repoId: '700100200', ownerId: '4200' };
const ID = 'repository_owner_id:4200:repository_id:700100200:repo:acme/aurum-portal';
const ACCOUNT = '111111111111';
const stageNamed = (stage: string): StageConfig => ({
  stage,
  account: ACCOUNT,
  region: 'eu-west-1',
  stackName: `AurumPortal-${stage}`,
  authDomainPrefix: `aurum-${stage}-${ACCOUNT}`,
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
});

function synth(stage: string, oidcProvider: PipelineStackProps['oidcProvider'] = 'create') {
  const app = new App({ context: projectContext() });
  const config = stageNamed(stage);
  const stack = new PipelineStack(app, `Pipeline-${stage}`, {
    env: { account: ACCOUNT, region: config.region },
    config,
    github: GITHUB,
    oidcProvider,
  });
  const template = Template.fromStack(stack);
  const reader = templateReader(template);
  const roleId = (name: string) => {
    const found = reader.ofType('AWS::IAM::Role').find(([, r]) => r.Properties.RoleName === name);
    if (!found) throw new Error(`no role ${name}`);
    return found[0];
  };
  type Trust = { Statement: (Statement & { Principal: { Federated: unknown } })[] };
  const trustOf = (name: string) =>
    (reader.all()[roleId(name)]?.Properties.AssumeRolePolicyDocument as Trust).Statement;
  const permissionsOf = (name: string) => reader.statementsOfRole(roleId(name));
  return { stack, template, reader, trustOf, permissionsOf };
}

const dev = synth('dev');
const prod = synth('prod');
const BOOTSTRAP_ROLE = new RegExp(
  `^arn:aws:iam::${ACCOUNT}:role/cdk-hnb659fds-(deploy|file-publishing|lookup)-role-${ACCOUNT}-(eu-west-1|us-east-1)$`,
);

describe('the GitHub OpenID Connect provider', () => {
  it("is GitHub's issuer, for the STS audience, when the stack makes it", () => {
    dev.template.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    dev.template.hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
  });

  it("is the account's own when it exists already, and the roles trust that one", () => {
    const shared = synth('dev', 'existing');
    shared.template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    for (const statement of shared.trustOf(roleName('dev', 'deploy'))) {
      expect(statement.Principal.Federated).toBe(
        `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`,
      );
    }
  });
});

const AUD = 'token.actions.githubusercontent.com:aud';
const SUB = 'token.actions.githubusercontent.com:sub';

/** Whether a trust statement admits GitHub's token with these claims. */
const admits = (statement: Statement, claims: Record<string, string>) =>
  statementMatches(statement, { action: 'sts:AssumeRoleWithWebIdentity', context: claims });

describe.each([
  ['dev', 'diff', [`${ID}:pull_request`]],
  ['dev', 'deploy', [`${ID}:ref:refs/heads/main`]],
  ['prod', 'diff', [`${ID}:pull_request`, `${ID}:ref:refs/tags/v*`]],
  ['prod', 'deploy', [`${ID}:environment:prod`]],
] as const)('the %s %s role', (stage, kind, subjects) => {
  const built = stage === 'dev' ? dev : prod;
  const name = roleName(stage, kind);

  it("trusts only GitHub tokens for this repository and its owner's ids, audience sts.amazonaws.com, and its subjects", () => {
    const provider = built.reader.ofType('AWS::IAM::OIDCProvider')[0]?.[0];
    const conditions = subjects.some((s) => s.includes('*'))
      ? { StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringLike: { [SUB]: subjects } }
      : { StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: subjects } };
    expect(built.trustOf(name)).toEqual([
      {
        Effect: 'Allow',
        Action: 'sts:AssumeRoleWithWebIdentity',
        Principal: { Federated: { Ref: provider } },
        Condition: conditions,
      },
    ]);
  });

  it('admits its own subjects, and refuses a repository of the same name with other ids, and other contexts', () => {
    const [trust] = built.trustOf(name);
    if (!trust) throw new Error(`no trust on ${name}`);
    const token = (sub: string) => ({ [AUD]: 'sts.amazonaws.com', [SUB]: sub });
    const own = subjects.map((s) => s.replace('v*', 'v1.4.0'));
    for (const sub of own) expect({ sub, admitted: admits(trust, token(sub)) }).toEqual({ sub, admitted: true });
    const walkarounds = own.flatMap((sub) => [
      sub.replace('repository_id:700100200', 'repository_id:700100201'),
      sub.replace('repository_owner_id:4200', 'repository_owner_id:4201'),
      sub.replace(/^repository_owner_id:\d+:repository_id:\d+:/, ''),
      sub.replace('acme/aurum-portal', 'acme/aurum-portal-fork'),
    ]);
    const otherContexts = [
      'pull_request',
      'ref:refs/heads/feature',
      'ref:refs/tags/x1.0',
      'environment:dev',
      'environment:prod',
    ]
      .map((c) => `${ID}:${c}`)
      .filter((sub) => !own.includes(sub) && !subjects.some((s) => wildcard(s, sub)));
    for (const sub of [...walkarounds, ...otherContexts])
      expect({ sub, admitted: admits(trust, token(sub)) }).toEqual({ sub, admitted: false });
    expect(admits(trust, { [AUD]: 'another-audience', [SUB]: own[0] as string })).toBe(false);
  });

  it('may assume only the CDK bootstrap roles a deploy uses, of its stage; the diff role none at all', () => {
    const assumes = built.permissionsOf(name).filter((s) => [s.Action].flat().some((a) => a.startsWith('sts:')));
    if (kind === 'diff') {
      expect(assumes).toEqual([]);
      return;
    }
    expect(assumes).toHaveLength(1);
    expect([assumes[0]?.Action].flat().sort()).toEqual(['sts:AssumeRole', 'sts:TagSession']);
    const resources = [assumes[0]?.Resource].flat() as string[];
    for (const arn of resources) expect(arn).toMatch(BOOTSTRAP_ROLE);
    // Each of the three, in its region and in us-east-1, where the edge stack lives.
    expect(resources.map((arn) => BOOTSTRAP_ROLE.exec(arn)?.slice(1).join(' ')).sort()).toEqual([
      'deploy eu-west-1',
      'deploy us-east-1',
      'file-publishing eu-west-1',
      'file-publishing us-east-1',
      'lookup eu-west-1',
      'lookup us-east-1',
    ]);
  });

  it("is granted nothing else, except moving its stage's live aliases back for the deploy role and reading the stage's stacks for the diff role", () => {
    const others = built.permissionsOf(name).filter((s) => ![s.Action].flat().some((a) => a.startsWith('sts:')));
    for (const s of built.permissionsOf(name)) expect(s.Effect).toBe('Allow');
    if (kind === 'deploy') {
      const functions = `arn:aws:lambda:eu-west-1:${ACCOUNT}:function:AurumPortal-${stage}-*`;
      expect(others).toEqual([
        { Effect: 'Allow', Action: 'lambda:ListFunctions', Resource: '*' },
        { Effect: 'Allow', Action: ['lambda:GetAlias', 'lambda:UpdateAlias'], Resource: [functions, `${functions}:*`] },
      ]);
      return;
    }
    expect(others).toEqual([
      {
        Effect: 'Allow',
        Action: ['cloudformation:DescribeStacks', 'cloudformation:GetTemplate'],
        Resource: [
          `arn:aws:cloudformation:eu-west-1:${ACCOUNT}:stack/AurumPortal-${stage}-Operations/*`,
          `arn:aws:cloudformation:eu-west-1:${ACCOUNT}:stack/AurumPortal-${stage}/*`,
          `arn:aws:cloudformation:us-east-1:${ACCOUNT}:stack/AurumPortal-${stage}-Edge/*`,
          `arn:aws:cloudformation:us-east-1:${ACCOUNT}:stack/AurumPortal-${stage}-EdgeAlarms/*`,
        ],
      },
    ]);
  });

  it('is the role the workflows look up for the stage', () => {
    expect(stageOutputs(stageNamed(stage), kind)).toContain(`role=arn:aws:iam::${ACCOUNT}:role/${name}`);
  });
});

describe('checks on the stack', () => {
  it('has no unacknowledged cdk-nag AwsSolutions finding', () => {
    const result = new AwsSolutionsChecks(prod.stack).validateScope(prod.stack);
    expect(
      result.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
  });

  it('has no Control Tower finding left unfixed or unacknowledged', () => {
    expect(guardFindings(prod.stack).map((f) => `${f.control ?? f.rule} ${f.resource}: ${f.message}`)).toEqual([]);
  }, 60_000);
});

describe('the githubRepo context', () => {
  it.each(['acme/aurum-portal', 'a/b', 'Acme-Corp/portal.v2_x', ' acme/aurum-portal '])('accepts %j', (repo) => {
    expect(parseGithubRepo(repo)).toBe(repo.trim());
  });

  it('says how to give it when it is missing', () => {
    expect(() => parseGithubRepo(undefined)).toThrow(
      'Name the GitHub repository whose workflows may use the roles: -c githubRepo=<owner>/<name>.',
    );
  });

  it.each([
    'acme',
    'acme/',
    '/portal',
    'acme/aurum/portal',
    'acme/aurum portal',
    '-acme/portal',
    'acme-/portal',
    'ac--me/portal',
    'acme/..',
    'acme/*',
    'repo:acme/x',
    42,
  ])('refuses %j', (repo) => {
    expect(() => parseGithubRepo(repo)).toThrow(/is not <owner>\/<name>/);
  });
});

describe('the githubRepoId and githubOwnerId contexts', () => {
  it.each(['1', '700100200', ' 4200 ', 98765432101])('accept %j', (id) => {
    expect(parseGithubId('githubRepoId', id)).toBe(String(id).trim());
  });

  it('say how to find them when missing', () => {
    expect(() => parseGithubId('githubRepoId', undefined)).toThrow(
      "Give the repository's id: -c githubRepoId=$(gh api repos/<owner>/<name> --jq .id).",
    );
    expect(() => parseGithubId('githubOwnerId', '')).toThrow(
      "Give the owner's id: -c githubOwnerId=$(gh api repos/<owner>/<name> --jq .owner.id).",
    );
  });

  it.each(['0', '-1', '12a', 'acme', '1.5', '*', '1:repo:x', '01'])('refuse %j', (id) => {
    expect(() => parseGithubId('githubOwnerId', id)).toThrow(/is not a GitHub id/);
  });
});

describe('the pipeline app', () => {
  const root = resolve(__dirname, '../..');
  const out = mkdtempSync(join(tmpdir(), 'aurum-pipeline-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** The app as `cdk synth -a` runs it: the context in CDK_CONTEXT_JSON, the assembly into CDK_OUTDIR. */
  function runApp(context: Record<string, string>): { status: 'ok' } | { status: 'failed'; stderr: string } {
    const env = {
      ...process.env,
      CDK_CONTEXT_JSON: JSON.stringify({ ...projectContext(), ...context }),
      CDK_OUTDIR: out,
      AURUM_STAGE: '',
    };
    try {
      execFileSync(join(root, 'node_modules/.bin/tsx'), ['infra/aws/pipeline-app.ts'], {
        cwd: root,
        env,
        stdio: 'pipe',
        timeout: 120_000,
      });
      return { status: 'ok' };
    } catch (error) {
      return { status: 'failed', stderr: String((error as { stderr?: Buffer }).stderr) };
    }
  }

  it("synthesizes a stage's stack in the stage's account and region, cdk-nag clean", () => {
    expect(
      runApp({ stage: 'prod', githubRepo: REPO, githubRepoId: GITHUB.repoId, githubOwnerId: GITHUB.ownerId }),
    ).toEqual({ status: 'ok' });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; environment?: string }>;
    };
    const { account, region, stackName } = stages.prod as StageSettings;
    expect(manifest.artifacts[`${stackName}-Pipeline`]?.environment).toBe(`aws://${account}/${region}`);
  }, 150_000);

  it('refuses to run without githubRepo, saying how to give it', () => {
    const result = runApp({ stage: 'dev' });
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.stderr).toContain('-c githubRepo=<owner>/<name>');
  }, 150_000);

  it("refuses to run without the repository's id, saying how to find it", () => {
    const result = runApp({ stage: 'dev', githubRepo: REPO, githubOwnerId: GITHUB.ownerId });
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.stderr).toContain('-c githubRepoId=');
  }, 150_000);
});

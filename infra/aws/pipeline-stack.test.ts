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
import { guardFindings } from './guard-findings';
import { parseGithubRepo, roleName, stageOutputs } from './pipeline-access';
import { PipelineStack, type PipelineStackProps } from './pipeline-stack';
import { projectContext } from './project-context';
import type { StageConfig, StageSettings } from './stage-config';
import { type Statement, templateReader } from './template-reader';

const REPO = 'acme/aurum-portal';
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
  const stack = new PipelineStack(app, `Pipeline-${stage}`, { env: { account: ACCOUNT, region: config.region }, config, githubRepo: REPO, oidcProvider });
  const template = Template.fromStack(stack);
  const reader = templateReader(template);
  const roleId = (name: string) => {
    const found = reader.ofType('AWS::IAM::Role').find(([, r]) => r.Properties.RoleName === name);
    if (!found) throw new Error(`no role ${name}`);
    return found[0];
  };
  type Trust = { Statement: (Statement & { Principal: { Federated: unknown } })[] };
  const trustOf = (name: string) => (reader.all()[roleId(name)]?.Properties.AssumeRolePolicyDocument as Trust).Statement;
  const permissionsOf = (name: string) => reader.statementsOfRole(roleId(name));
  return { stack, template, reader, trustOf, permissionsOf };
}

const dev = synth('dev');
const prod = synth('prod');
const BOOTSTRAP_ROLE = new RegExp(`^arn:aws:iam::${ACCOUNT}:role/cdk-hnb659fds-(deploy|file-publishing|lookup)-role-${ACCOUNT}-(eu-west-1|us-east-1)$`);

describe('the GitHub OpenID Connect provider', () => {
  it("is GitHub's issuer, for the STS audience, when the stack makes it", () => {
    dev.template.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    dev.template.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: 'https://token.actions.githubusercontent.com', ClientIdList: ['sts.amazonaws.com'] });
  });

  it("is the account's own when it exists already, and the roles trust that one", () => {
    const shared = synth('dev', 'existing');
    shared.template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    for (const statement of shared.trustOf(roleName('dev', 'deploy'))) {
      expect(statement.Principal.Federated).toBe(`arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`);
    }
  });
});

describe.each([
  ['dev', 'diff', ['repo:acme/aurum-portal:pull_request']],
  ['dev', 'deploy', ['repo:acme/aurum-portal:ref:refs/heads/main']],
  ['prod', 'diff', ['repo:acme/aurum-portal:pull_request']],
  ['prod', 'deploy', ['repo:acme/aurum-portal:environment:prod']],
] as const)('the %s %s role', (stage, kind, subjects) => {
  const built = stage === 'dev' ? dev : prod;
  const name = roleName(stage, kind);

  it('trusts only GitHub tokens for this repository, audience sts.amazonaws.com, and its one subject', () => {
    const provider = built.reader.ofType('AWS::IAM::OIDCProvider')[0]?.[0];
    expect(built.trustOf(name)).toEqual([
      {
        Effect: 'Allow',
        Action: 'sts:AssumeRoleWithWebIdentity',
        Principal: { Federated: { Ref: provider } },
        Condition: { StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': subjects } },
      },
    ]);
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

  it("is granted nothing else, except reading the stage's stacks for the diff role", () => {
    const others = built.permissionsOf(name).filter((s) => ![s.Action].flat().some((a) => a.startsWith('sts:')));
    for (const s of built.permissionsOf(name)) expect(s.Effect).toBe('Allow');
    if (kind === 'deploy') {
      expect(others).toEqual([]);
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
    expect(result.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
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
    expect(() => parseGithubRepo(undefined)).toThrow('Name the GitHub repository whose workflows may use the roles: -c githubRepo=<owner>/<name>.');
  });

  it.each(['acme', 'acme/', '/portal', 'acme/aurum/portal', 'acme/aurum portal', '-acme/portal', 'acme-/portal', 'ac--me/portal', 'acme/..', 'acme/*', 'repo:acme/x', 42])(
    'refuses %j',
    (repo) => {
      expect(() => parseGithubRepo(repo)).toThrow(/is not <owner>\/<name>/);
    },
  );
});

describe('the pipeline app', () => {
  const root = resolve(__dirname, '../..');
  const out = mkdtempSync(join(tmpdir(), 'aurum-pipeline-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** The app as `cdk synth -a` runs it: the context in CDK_CONTEXT_JSON, the assembly into CDK_OUTDIR. */
  function runApp(context: Record<string, string>): { status: 'ok' } | { status: 'failed'; stderr: string } {
    const env = { ...process.env, CDK_CONTEXT_JSON: JSON.stringify({ ...projectContext(), ...context }), CDK_OUTDIR: out, AURUM_STAGE: '' };
    try {
      execFileSync(join(root, 'node_modules/.bin/tsx'), ['infra/aws/pipeline-app.ts'], { cwd: root, env, stdio: 'pipe', timeout: 120_000 });
      return { status: 'ok' };
    } catch (error) {
      return { status: 'failed', stderr: String((error as { stderr?: Buffer }).stderr) };
    }
  }

  it("synthesizes a stage's stack in the stage's account and region, cdk-nag clean", () => {
    expect(runApp({ stage: 'prod', githubRepo: REPO })).toEqual({ status: 'ok' });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string; environment?: string }> };
    const { account, region, stackName } = stages.prod as StageSettings;
    expect(manifest.artifacts[`${stackName}-Pipeline`]?.environment).toBe(`aws://${account}/${region}`);
  }, 150_000);

  it('refuses to run without githubRepo, saying how to give it', () => {
    const result = runApp({ stage: 'dev' });
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.stderr).toContain('-c githubRepo=<owner>/<name>');
  }, 150_000);
});

/**
 * GitHub Actions' way into one stage, with no stored keys: the account's GitHub OpenID Connect
 * provider and two roles only GitHub's short-lived tokens for this repository (by name and by its
 * and its owner's ids) can assume. The deploy role (the ref or environment that deploys the
 * stage) may assume the bootstrap roles `cdk deploy` uses, and read and move the `live` alias of
 * the stage's functions to roll a failed smoke test back; everything else a deploy does,
 * CloudFormation does with the bootstrap's execution role (scoped by infra/bootstrap). The diff
 * role (pull requests, and the release tags of an approved stage) may only read the stage's stack
 * templates.
 *
 * The diff role is not given CDK's lookup role: that role reads the whole account (AWS's
 * ReadOnlyAccess: table items, the user pool's users), and any branch's pull request can run code
 * with the diff role. `cdk diff` then reads the templates with the diff role itself, after a
 * warning that it could not assume the lookup role.
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  type IOidcProvider,
  OidcProviderNative,
  OpenIdConnectPrincipal,
  PolicyStatement,
  Role,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import {
  bootstrapRoleArns,
  GITHUB_OIDC_AUDIENCE,
  type GithubIdentity,
  GITHUB_OIDC_HOST,
  partitionOf,
  type RoleKind,
  roleName,
  stageFunctionArns,
  stageStackArns,
  trustedSubjects,
} from './pipeline-access';
import type { StageConfig } from './stage-config';

export interface PipelineStackProps extends StackProps {
  config: StageConfig;
  /** The repository, by name and ids (parseGithubRepo, parseGithubId). */
  github: GithubIdentity;
  /**
   * An account holds one provider per issuer: `existing` uses the one already there (another
   * stage or project in the account made it), `create` makes it.
   */
  oidcProvider: 'create' | 'existing';
}

/** The deploy role's sessions outlast a first deploy, most of it CloudFront (docs/operations.md). */
const DEPLOY_SESSION = Duration.hours(2);

export class PipelineStack extends Stack {
  readonly roles: Record<RoleKind, Role>;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    const { config, github } = props;
    const githubRepo = github.repo;
    const provider = this.githubProvider(props.oidcProvider, config);
    const role = (kind: RoleKind, description: string, maxSessionDuration?: Duration) => {
      const subjects = trustedSubjects(config.stage, github, kind);
      const audience = { [`${GITHUB_OIDC_HOST}:aud`]: GITHUB_OIDC_AUDIENCE };
      const subject = { [`${GITHUB_OIDC_HOST}:sub`]: subjects };
      // A subject with a wildcard (the release tags) needs StringLike; the others match exactly.
      const conditions = subjects.some((s) => s.includes('*'))
        ? { StringEquals: audience, StringLike: subject }
        : { StringEquals: { ...audience, ...subject } };
      return new Role(this, kind === 'diff' ? 'DiffRole' : 'DeployRole', {
        roleName: roleName(config.stage, kind),
        description,
        maxSessionDuration,
        assumedBy: new OpenIdConnectPrincipal(provider, conditions),
      });
    };
    this.roles = {
      diff: role('diff', `GitHub ${githubRepo}: cdk diff of ${config.stage}, read only`),
      deploy: role('deploy', `GitHub ${githubRepo}: cdk deploy of ${config.stage}`, DEPLOY_SESSION),
    };
    this.roles.deploy.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: bootstrapRoleArns(config) }),
    );
    this.grantRollback(config);
    // What `cdk diff` reads of each stack: its status and its deployed template.
    const stacks = stageStackArns(config);
    this.roles.diff.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cloudformation:DescribeStacks', 'cloudformation:GetTemplate'],
        resources: stacks,
      }),
    );
    for (const stack of stacks) {
      Validations.of(this.roles.diff).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${stack}]`,
        reason:
          "A stack's ARN ends in the id CloudFormation gave it; the stage's stack name before it is the narrowest resource that names the stack.",
      });
    }
    new CfnOutput(this, 'DiffRoleArn', {
      value: this.roles.diff.roleArn,
      description: 'Assumed by the diff workflow (pull requests)',
    });
    new CfnOutput(this, 'DeployRoleArn', {
      value: this.roles.deploy.roleArn,
      description: 'Assumed by the deploy workflow',
    });
  }

  /**
   * What the deploy job's rollback needs (infra/tools/live-aliases.ts): find the stage's functions,
   * read each one's `live` alias before the deploy, and move it back after a failed smoke test.
   * Nothing that changes code or configuration: an alias can only point to a version CloudFormation
   * published.
   */
  private grantRollback(config: StageConfig): void {
    const functions = stageFunctionArns(config);
    this.roles.deploy.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['lambda:ListFunctions'], resources: ['*'] }),
    );
    this.roles.deploy.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['lambda:GetAlias', 'lambda:UpdateAlias'], resources: functions }),
    );
    Validations.of(this.roles.deploy).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'lambda:ListFunctions names no resource: IAM allows it on * only. It lists names and settings, no code.',
      },
      ...functions.map((arn) => ({
        id: `AwsSolutions-IAM5[Resource::${arn}]`,
        reason:
          "CloudFormation names each function after the stack and a random suffix: the stack's name is the narrowest prefix that names them all.",
      })),
    );
  }

  private githubProvider(mode: PipelineStackProps['oidcProvider'], config: StageConfig): IOidcProvider {
    if (mode === 'existing') {
      return OidcProviderNative.fromOidcProviderArn(
        this,
        'GitHubOidc',
        `arn:${partitionOf(config.region)}:iam::${config.account}:oidc-provider/${GITHUB_OIDC_HOST}`,
      );
    }
    // No thumbprint: IAM trusts GitHub's certificate through its own library of root CAs.
    return new OidcProviderNative(this, 'GitHubOidc', {
      url: `https://${GITHUB_OIDC_HOST}`,
      clientIds: [GITHUB_OIDC_AUDIENCE],
    });
  }
}

/**
 * GitHub Actions' way into one stage, with no stored keys: the account's GitHub OpenID Connect
 * provider and two roles only GitHub's short-lived tokens for this repository can assume. The
 * deploy role (the ref or environment that deploys the stage) may only assume the bootstrap roles
 * `cdk deploy` uses; everything else a deploy does, CloudFormation does with the bootstrap's
 * execution role. The diff role (pull requests) may only read the stage's stack templates.
 *
 * The diff role is not given CDK's lookup role: that role reads the whole account (AWS's
 * ReadOnlyAccess: table items, the user pool's users), and any branch's pull request can run code
 * with the diff role. `cdk diff` then reads the templates with the diff role itself, after a
 * warning that it could not assume the lookup role.
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type IOidcProvider, OidcProviderNative, OpenIdConnectPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import {
  bootstrapRoleArns,
  GITHUB_OIDC_AUDIENCE,
  GITHUB_OIDC_HOST,
  partitionOf,
  type RoleKind,
  roleName,
  stageStackArns,
  trustedSubjects,
} from './pipeline-access';
import type { StageConfig } from './stage-config';

export interface PipelineStackProps extends StackProps {
  config: StageConfig;
  /** owner/name, checked by parseGithubRepo. */
  githubRepo: string;
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
    const { config, githubRepo } = props;
    const provider = this.githubProvider(props.oidcProvider, config);
    const role = (kind: RoleKind, description: string, maxSessionDuration?: Duration) =>
      new Role(this, kind === 'diff' ? 'DiffRole' : 'DeployRole', {
        roleName: roleName(config.stage, kind),
        description,
        maxSessionDuration,
        assumedBy: new OpenIdConnectPrincipal(provider, {
          StringEquals: {
            [`${GITHUB_OIDC_HOST}:aud`]: GITHUB_OIDC_AUDIENCE,
            [`${GITHUB_OIDC_HOST}:sub`]: trustedSubjects(config.stage, githubRepo, kind),
          },
        }),
      });
    this.roles = {
      diff: role('diff', `GitHub ${githubRepo} pull requests: cdk diff of ${config.stage}, read only`),
      deploy: role('deploy', `GitHub ${githubRepo}: cdk deploy of ${config.stage}`, DEPLOY_SESSION),
    };
    this.roles.deploy.addToPrincipalPolicy(new PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: bootstrapRoleArns(config) }));
    // What `cdk diff` reads of each stack: its status and its deployed template.
    const stacks = stageStackArns(config);
    this.roles.diff.addToPrincipalPolicy(new PolicyStatement({ actions: ['cloudformation:DescribeStacks', 'cloudformation:GetTemplate'], resources: stacks }));
    for (const stack of stacks) {
      Validations.of(this.roles.diff).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${stack}]`,
        reason: "A stack's ARN ends in the id CloudFormation gave it; the stage's stack name before it is the narrowest resource that names the stack.",
      });
    }
    new CfnOutput(this, 'DiffRoleArn', { value: this.roles.diff.roleArn, description: 'Assumed by the diff workflow (pull requests)' });
    new CfnOutput(this, 'DeployRoleArn', { value: this.roles.deploy.roleArn, description: 'Assumed by the deploy workflow' });
  }

  private githubProvider(mode: PipelineStackProps['oidcProvider'], config: StageConfig): IOidcProvider {
    if (mode === 'existing') {
      return OidcProviderNative.fromOidcProviderArn(this, 'GitHubOidc', `arn:${partitionOf(config.region)}:iam::${config.account}:oidc-provider/${GITHUB_OIDC_HOST}`);
    }
    // No thumbprint: IAM trusts GitHub's certificate through its own library of root CAs.
    return new OidcProviderNative(this, 'GitHubOidc', { url: `https://${GITHUB_OIDC_HOST}`, clientIds: [GITHUB_OIDC_AUDIENCE] });
  }
}

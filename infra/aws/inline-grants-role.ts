/**
 * A role whose granted statements are part of the role itself: what CDK's Role adds through
 * `addToPrincipalPolicy` (every grant, `addToRolePolicy`) goes into an inline policy of the
 * AWS::IAM::Role resource, `grants`, instead of a separate AWS::IAM::Policy resource
 * (`DefaultPolicy`). The permissions are the same, under the same quota (a role's inline policies
 * share 10,240 characters, and a role's AWS::IAM::Policy is an inline policy too), and the
 * function waits on its role either way; but each function costs one CloudFormation resource
 * less, in a stack that has 500 (docs/decisions/0024-operations-in-a-stack-of-their-own.md).
 *
 * A policy attached with `attachInlinePolicy` stays a resource of its own: it is how a function is
 * kept from waiting on a grant (portal-stack.ts, the Cognito triggers). CDK has no setting for
 * this, so the role is a small subclass.
 */
import {
  type AddToPrincipalPolicyResult,
  PolicyDocument,
  type PolicyStatement,
  Role,
  type RoleProps,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** The inline policy that holds the role's grants. */
export const INLINE_GRANTS_POLICY = 'grants';

export class InlineGrantsRole extends Role {
  private readonly granted: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const granted = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, [INLINE_GRANTS_POLICY]: granted } });
    this.granted = granted;
    // CloudFormation refuses an inline policy without a statement.
    this.node.addValidation({
      validate: () => (granted.isEmpty ? [`${this.node.path} was granted nothing: make it a plain Role`] : []),
    });
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.granted.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

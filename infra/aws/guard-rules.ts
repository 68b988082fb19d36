/**
 * The AWS Control Tower proactive controls (cfn-guard, checked in infra/aws/guard.test.ts): an
 * acknowledgement helper, and the fixes and acknowledgements that apply to every resource of a
 * kind rather than one.
 */
import { type IAspect, Stack } from 'aws-cdk-lib';
import { CfnResource } from 'aws-cdk-lib';
import { CfnFunction, CfnPermission } from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { logsKey } from './logs-key';

export interface GuardAcknowledgement {
  /** The Control Tower control, e.g. CT.S3.PR.9. */
  control: string;
  reason: string;
}

/**
 * Marks a control as knowingly not met by one resource, the cfn-guard way (metadata
 * `guard.SuppressedRules`), with the reason beside it in the template.
 */
export function acknowledgeGuard(scope: IConstruct, ...acks: GuardAcknowledgement[]): void {
  const resource = scope instanceof CfnResource ? scope : scope.node.defaultChild;
  if (!(resource instanceof CfnResource))
    throw new Error(`${scope.node.path} has no CloudFormation resource to acknowledge on`);
  const current = (resource.getMetadata('guard') ?? {}) as {
    SuppressedRules?: string[];
    Reasons?: Record<string, string>;
  };
  resource.addMetadata('guard', {
    SuppressedRules: [...(current.SuppressedRules ?? []), ...acks.map((a) => a.control)],
    Reasons: { ...current.Reasons, ...Object.fromEntries(acks.map((a) => [a.control, a.reason])) },
  });
}

export const NO_VPC: GuardAcknowledgement = {
  control: 'CT.LAMBDA.PR.3',
  reason:
    'No function reaches a private network: DynamoDB, Cognito and Secrets are AWS APIs. A VPC would add NAT or endpoint cost and cold-start time for nothing.',
};

/**
 * For every function, permission and log group in a stack: API Gateway's invoke permissions name
 * this account as the source (besides the API's ARN, which already limits them), functions are
 * acknowledged as outside a VPC, and every log group is encrypted with the stack's logs key.
 */
export class ControlTowerBaseline implements IAspect {
  visit(node: IConstruct): void {
    if (
      node instanceof CfnPermission &&
      node.principal === 'apigateway.amazonaws.com' &&
      node.sourceAccount === undefined
    ) {
      node.sourceAccount = Stack.of(node).account;
    }
    if (node instanceof CfnFunction) acknowledgeGuard(node, NO_VPC);
    // Ours get the key where they are made; this catches CDK's own (BucketDeployment's provider).
    if (node instanceof CfnLogGroup && node.kmsKeyId === undefined) node.kmsKeyId = logsKey(node).keyArn;
  }
}

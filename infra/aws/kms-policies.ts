/** Key-policy statements every customer-managed key of the stack carries. */
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';

/** Grants on the key only for AWS services acting for AWS resources (Control Tower CT.KMS.PR.3). */
export function denyGrantsExceptForAwsResources(key: Key): void {
  key.addToResourcePolicy(
    new PolicyStatement({
      effect: Effect.DENY,
      principals: [new AnyPrincipal()],
      actions: ['kms:CreateGrant'],
      resources: ['*'],
      conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
    }),
  );
}

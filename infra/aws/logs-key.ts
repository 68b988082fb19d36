/**
 * One customer-managed key for every log group of a stack: the logs hold client ids and money
 * routes' outcomes, so who may read them is decided by a key policy, not only by IAM.
 */
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { denyGrantsExceptForAwsResources } from './kms-policies';

const ID = 'LogsKey';

export function logsKey(scope: Construct): Key {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(ID);
  if (existing instanceof Key) return existing;
  const key = new Key(stack, ID, { description: 'Encrypts the Aurum portal log groups', enableKeyRotation: true });
  const { account, region, partition } = stack;
  key.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal(`logs.${region}.amazonaws.com`)],
      actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
      resources: ['*'],
      conditions: {
        ArnLike: { 'kms:EncryptionContext:aws:logs:arn': `arn:${partition}:logs:${region}:${account}:log-group:*` },
      },
    }),
  );
  denyGrantsExceptForAwsResources(key);
  return key;
}

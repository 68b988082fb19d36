/**
 * The table's own customer-managed key: who may read the records is decided by its key policy as
 * well as by IAM, and every use of it is in CloudTrail. The key policy lets the key be used only
 * through DynamoDB (and AWS Backup, which backs the table up): a role that holds kms:Decrypt in
 * IAM still cannot decrypt with it directly, and a role without it cannot read the table, even
 * with DynamoDB rights.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { AnyPrincipal, Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { denyGrantsExceptForAwsResources } from './kms-policies';

/** The key's cryptographic actions, the ones the key policy keeps to DynamoDB and AWS Backup. */
export const TABLE_KEY_DATA_ACTIONS = ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*'];

/** The services through which the table's key may be used (kms:ViaService), in the stack's region. */
export function tableKeyServices(region: string): string[] {
  return [`dynamodb.${region}.amazonaws.com`, `backup.${region}.amazonaws.com`];
}

export function tableKey(scope: Construct, id: string): Key {
  const key = new Key(scope, id, {
    description: 'Encrypts the Aurum portal table, its stream and its backups made by DynamoDB',
    enableKeyRotation: true,
    // The table's records, its backups and its restores all need it: it outlives the stack.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'UseOnlyThroughDynamoDbOrBackup',
      effect: Effect.DENY,
      principals: [new AnyPrincipal()],
      actions: TABLE_KEY_DATA_ACTIONS,
      resources: ['*'],
      // AWS services acting with the table's grants (DynamoDB's own background work) are not callers through a service.
      conditions: {
        StringNotEquals: { 'kms:ViaService': tableKeyServices(Stack.of(scope).region) },
        BoolIfExists: { 'aws:PrincipalIsAWSService': 'false' },
      },
    }),
  );
  denyGrantsExceptForAwsResources(key);
  return key;
}

/** What DynamoDB asks of a caller's key rights: to decrypt the table's data key for any item read or write, and to encrypt for a write. */
export const TABLE_KEY_READ_ACTIONS = ['kms:Decrypt'];
export const TABLE_KEY_WRITE_ACTIONS = ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'];

/**
 * The key use a function's table use needs, named action by action (CDK's own table grants add
 * wildcards such as kms:ReEncrypt*, which no function here uses).
 */
export function grantTableKey(grantee: IGrantable, table: ITable, writes: boolean): void {
  if (!table.encryptionKey) return;
  const actions = writes ? TABLE_KEY_WRITE_ACTIONS : TABLE_KEY_READ_ACTIONS;
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions, resources: [table.encryptionKey.keyArn] }),
  );
}

/**
 * The role AWS Backup takes to restore the table's backups (docs/operations.md, "Backups and
 * restore"). A restore always creates a new table; the runbook names it after the live one plus
 * RESTORED_TABLE_INFIX and a suffix of the operator's choosing, and the role may create and fill
 * only tables named so. It can therefore never write the live table, whose activity log is
 * written once: AWS's managed AWSBackupServiceRolePolicyForRestores would have given it every
 * table of the account (and EC2, RDS, EFS... beside).
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnTable, ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** What follows the live table's name in the name of a table restored from it. */
export const RESTORED_TABLE_INFIX = '-restored-';

/**
 * DynamoDB's restore needs, on the new table, the restore action itself and item reads and writes
 * (it fills the table through them); a backup DynamoDB made natively is read under its own ARN.
 */
const RESTORE_TABLE_ACTIONS = [
  'dynamodb:RestoreTableFromAwsBackup',
  'dynamodb:RestoreTableFromBackup',
  'dynamodb:DescribeTable',
  'dynamodb:Scan',
  'dynamodb:Query',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

export function restoreRole(scope: Construct, id: string, table: ITable): Role {
  // A table's ARN ends in table/<name>: the tables restored from it are that ARN and the infix.
  const restoredTables = `${table.tableArn}${RESTORED_TABLE_INFIX}*`;
  const backups = `${table.tableArn}/backup/*`;
  const role = new Role(scope, id, {
    assumedBy: new ServicePrincipal('backup.amazonaws.com'),
    description: `AWS Backup restores the portal table into a new <table>${RESTORED_TABLE_INFIX}* table, and writes no other`,
    inlinePolicies: {
      RestoreIntoANewTable: new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: 'CreateAndFillTheRestoredTable',
            actions: RESTORE_TABLE_ACTIONS,
            resources: [restoredTables],
          }),
          new PolicyStatement({
            sid: 'ReadTheTablesOwnBackups',
            actions: ['dynamodb:RestoreTableFromBackup'],
            resources: [backups],
          }),
          ...tableKeyStatements(table),
        ],
      }),
    },
  });
  const tableArn = `<${Stack.of(table).getLogicalId(table.node.defaultChild as CfnTable)}.Arn>`;
  Validations.of(role).acknowledge(
    {
      id: `AwsSolutions-IAM5[Resource::${tableArn}${RESTORED_TABLE_INFIX}*]`,
      reason:
        'A restored table is named by the operator at restore time; this prefix names only tables restored from this one.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::${tableArn}/backup/*]`,
      reason: "The table's own backups: each is named by DynamoDB when it is made.",
    },
  );
  return role;
}

/** What DynamoDB asks of a caller's key rights when it reads a table under the key, or makes and fills one: the data keys, and the key's kind. */
export const TABLE_KEY_BACKUP_ACTIONS = [
  'kms:Decrypt',
  'kms:DescribeKey',
  'kms:Encrypt',
  'kms:GenerateDataKey',
  'kms:GenerateDataKeyWithoutPlaintext',
  'kms:ReEncryptFrom',
  'kms:ReEncryptTo',
];

/**
 * The table's key for whoever backs it up or restores it: AWS Backup reads the table through it,
 * and a restored table is made under the same key. Grants on it only for AWS resources (DynamoDB
 * for the new table), which the key policy requires anyway. None for a table under an AWS key.
 */
export function tableKeyStatements(table: ITable): PolicyStatement[] {
  const key = table.encryptionKey;
  if (!key) return [];
  return [
    new PolicyStatement({ sid: 'UseTheTablesKey', actions: TABLE_KEY_BACKUP_ACTIONS, resources: [key.keyArn] }),
    new PolicyStatement({
      sid: 'LetDynamoDbUseTheTablesKey',
      actions: ['kms:CreateGrant'],
      resources: [key.keyArn],
      conditions: { Bool: { 'kms:GrantIsForAWSResource': 'true' } },
    }),
  ];
}

/** The backup selection's role: AWS's policy for backups, plus the table's key. */
export function grantBackupTableKey(grantee: IGrantable, table: ITable): void {
  for (const statement of tableKeyStatements(table)) grantee.grantPrincipal.addToPrincipalPolicy(statement);
}

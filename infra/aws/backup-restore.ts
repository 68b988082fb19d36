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
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
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
          new PolicyStatement({ sid: 'CreateAndFillTheRestoredTable', actions: RESTORE_TABLE_ACTIONS, resources: [restoredTables] }),
          new PolicyStatement({ sid: 'ReadTheTablesOwnBackups', actions: ['dynamodb:RestoreTableFromBackup'], resources: [backups] }),
        ],
      }),
    },
  });
  const tableArn = `<${Stack.of(table).getLogicalId(table.node.defaultChild as CfnTable)}.Arn>`;
  Validations.of(role).acknowledge(
    { id: `AwsSolutions-IAM5[Resource::${tableArn}${RESTORED_TABLE_INFIX}*]`, reason: 'A restored table is named by the operator at restore time; this prefix names only tables restored from this one.' },
    { id: `AwsSolutions-IAM5[Resource::${tableArn}/backup/*]`, reason: "The table's own backups: each is named by DynamoDB when it is made." },
  );
  return role;
}

/** The single table, from the shared definition the local stack also creates, and its backups. */
import { Aws, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BackupPlan, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import type { Role } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/lib/data/table';
import { tableKey } from './table-key';
import { DEFAULT_BACKUP_YEARS, tableBackupRules, VAULT_LOCK } from './backup-rules';
import { grantBackupTableKey, restoreRole } from './backup-restore';

export class PortalTable extends Table {
  constructor(scope: Construct, id: string) {
    const def = tableDefinition;
    super(scope, id, {
      partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
      sortKey: { name: def.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Its own key (table-key.ts): its policy, not only IAM, decides who reads the records.
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: tableKey(scope, `${id}Key`),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      timeToLiveAttribute: def.ttlAttribute,
      // The notifications' outbox: every change, before and after (the local stack's table has the same).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
    });
    const withheld = withheldIndexes(scope);
    for (const gsi of def.globalSecondaryIndexes) {
      if (withheld.includes(gsi.indexName)) continue;
      this.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }
}

/**
 * CloudFormation creates at most one secondary index per update of a table, so a stage whose
 * table predates the admin list's two indexes is upgraded in two deploys: the first with
 * `-c aurum:withholdIndexes=GSI5`, then a plain one (docs/operations.md). Only those two may be
 * withheld: the others hold what the product already reads.
 */
export const WITHHOLDABLE_INDEXES = ['GSI4', 'GSI5'];

function withheldIndexes(scope: Construct): string[] {
  const value: unknown = scope.node.tryGetContext('aurum:withholdIndexes');
  if (value === undefined || value === '') return [];
  const names = String(value)
    .split(',')
    .map((name) => name.trim());
  const refused = names.filter((name) => !WITHHOLDABLE_INDEXES.includes(name));
  if (refused.length > 0)
    throw new Error(
      `aurum:withholdIndexes may name only ${WITHHOLDABLE_INDEXES.join(' and ')}, not ${refused.join(', ')}`,
    );
  return names;
}

/**
 * A vault kept after its stack is deleted must not block the next stack of the stage, so its name
 * carries the stack's own id (20 of its hex digits), new with every create: a stage deleted and
 * made again gets a new vault beside the kept one.
 */
function vaultName(stage: string): string {
  const stackUuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
  const parts = Fn.split('-', stackUuid);
  return Fn.join('', [`aurum-${stage}-`, Fn.select(0, parts), Fn.select(4, parts)]);
}

export interface TableBackupProps {
  table: ITable;
  stage: string;
  /** Years the monthly backups are kept (the stage's `backupYears`); DEFAULT_BACKUP_YEARS when unset. */
  years?: number;
  /** A vault in a second account (the stage's `backupCopy`) that receives a copy of every backup. */
  copyVaultArn?: string;
  /** Whether the vault is under Vault Lock in compliance mode (backup-rules.ts, vaultLock): a production stage's is. */
  locked?: boolean;
}

/**
 * AWS Backup for the table: daily and monthly backups (infra/aws/backup-rules.ts) in a vault of
 * its own, which is kept when the stack is deleted (the backups outlive the stage) and locked on a
 * production stage, copied to a second account's vault when the stage names one, and the role AWS
 * Backup takes to restore them into a new table (infra/aws/backup-restore.ts).
 */
export class TableBackup extends Construct {
  readonly plan: BackupPlan;
  readonly vault: BackupVault;
  readonly restoreRole: Role;

  constructor(scope: Construct, id: string, props: TableBackupProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: vaultName(props.stage),
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      lockConfiguration: props.locked ? VAULT_LOCK : undefined,
    });
    const copyTo = props.copyVaultArn
      ? BackupVault.fromBackupVaultArn(this, 'CopyVault', props.copyVaultArn)
      : undefined;
    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `aurum-${props.stage}-table`,
      backupVault: this.vault,
      backupPlanRules: tableBackupRules({ years: props.years ?? DEFAULT_BACKUP_YEARS, copyTo }),
    });
    const selection = this.plan.addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(props.table)] });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's own service-role policy, the one AWS documents for backup selections.",
    });
    grantBackupTableKey(selection, props.table);
    this.restoreRole = restoreRole(this, 'RestoreRole', props.table);
  }
}

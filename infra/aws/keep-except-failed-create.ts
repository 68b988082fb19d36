/**
 * What a stack keeps when it goes: every resource CDK marks to be kept (keys, log groups, the
 * backup vault, the table, the user pool) is kept on an update's replacement and on the stack's
 * deletion, but not after a create that failed and rolled back (CloudFormation's
 * RetainExceptOnCreate). A failed first deploy then leaves nothing behind to collide with its
 * rerun, and nothing it made held any data yet.
 */
import { CfnDeletionPolicy, CfnResource, type IAspect } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export class KeepExceptAfterFailedCreate implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource)) return;
    if (node.cfnOptions.deletionPolicy === CfnDeletionPolicy.RETAIN)
      node.cfnOptions.deletionPolicy = CfnDeletionPolicy.RETAIN_EXCEPT_ON_CREATE;
  }
}

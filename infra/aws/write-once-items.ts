/**
 * Items the product writes once and never changes: the activity log (lambdas/lib/data/activity-log.ts),
 * an auditor's record of every administrative act. Every function with table access is denied,
 * by an explicit IAM Deny (portal-function.ts), the actions that change or erase an item in place
 * on these keys; the local stack refuses the same (infra/local/table-permissions.ts). A new entry
 * is a conditional Put (`attribute_not_exists`), which stays allowed.
 *
 * No CDK here: the local stack reads this file too.
 */
import { activityKeys } from '../../lambdas/lib/data/table';

/** The partition keys (dynamodb:LeadingKeys) of the write-once items. */
export const WRITE_ONCE_KEY_PREFIX = activityKeys.prefix;

/**
 * What is denied on them: an update, a delete, and a batch write (whose Put replaces an item
 * without any condition, and whose Delete erases one). PartiQL's update and delete too, though no
 * function is granted them, so a later grant cannot reopen the way.
 */
export const WRITE_ONCE_DENIED_ACTIONS = [
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'PartiQLUpdate',
  'PartiQLDelete',
] as const;

/** True when a request's partition key values touch a write-once item. */
export function touchesWriteOnce(leadingKeys: readonly string[]): boolean {
  return leadingKeys.some((key) => key.startsWith(WRITE_ONCE_KEY_PREFIX));
}

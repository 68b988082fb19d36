/**
 * The activity log's seals (lambdas/lib/data/activity-seal.ts): written by the activity sealer
 * alone. Every other function with table access is denied, by an explicit IAM Deny
 * (portal-function.ts), every write on these keys, a Put included: a function that may write an
 * activity entry must not be able to seal a forged one, move the head, or record a check of the
 * log. The sealer may write these keys and nothing else. The local stack refuses the same
 * (infra/local/table-permissions.ts).
 *
 * No CDK here: the local stack reads this file too.
 */
import { activitySealKeys } from '../../lambdas/lib/data/table';

/** The partition keys (dynamodb:LeadingKeys) of the seals, their heads, tamper records and the last check. */
export const SEAL_KEY_PREFIX = activitySealKeys.prefix;

/** Every action that writes an item: what only the sealer may do on the seal keys. */
export const SEAL_WRITE_ACTIONS = [
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'PartiQLInsert',
  'PartiQLUpdate',
  'PartiQLDelete',
] as const;

/** The function that writes the seals (its construct id in AWS, its name in the local stack). */
export const ACTIVITY_SEALER_NAME = 'ActivitySealer';

/** True when a request's partition key values touch a seal item. */
export function touchesSeals(leadingKeys: readonly string[]): boolean {
  return leadingKeys.some((key) => key.startsWith(SEAL_KEY_PREFIX));
}

/** True when every partition key of a request is a seal item's (and it names at least one). */
export function onlySeals(leadingKeys: readonly string[]): boolean {
  return leadingKeys.length > 0 && leadingKeys.every((key) => key.startsWith(SEAL_KEY_PREFIX));
}

/** Reading a client's PROFILE item: as it is, live only, or as the caller may see it. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../runtime/db';
import { ClientNotFound } from './domain-errors';
import { isClosed, type Profile } from './profile-item';
import { keys } from './table';

export async function getProfile(sub: string, consistent = false): Promise<Profile | null> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.profile(sub), ConsistentRead: consistent }),
  );
  return (Item as Profile | undefined) ?? null;
}

/** The live profile; ClientNotFound for an unknown, closed or deleted client. */
export async function requireProfile(sub: string, consistent = false): Promise<Profile> {
  const profile = await getProfile(sub, consistent);
  if (!profile || profile.deleted) throw new ClientNotFound(sub);
  return profile;
}

/**
 * The profile a read may show: a live one to its owner or an administrator, and a closed one
 * to an administrator only (its records are kept for them). The client of a closed account, with
 * a token still valid, gets ClientNotFound as for any client that is gone.
 */
export async function readableProfile(sub: string, caller: { isAdmin: boolean }, consistent = false): Promise<Profile> {
  const profile = await getProfile(sub, consistent);
  if (!profile) throw new ClientNotFound(sub);
  if (profile.deleted && !(caller.isAdmin && isClosed(profile))) throw new ClientNotFound(sub);
  return profile;
}

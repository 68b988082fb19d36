/**
 * Whose client account a move touches. An administrator never moves money on, nor decides a
 * request of, an account that is their own: the same sign-in (`sub`), or the same person under
 * another sign-in, known by the same e-mail address (a Google login of the address they sign in
 * to the console with). And a move on any administrator's own account always waits for another
 * administrator, whatever its size, since its owner's colleagues are the ones tempted to oblige.
 */
import { userPoolDefinition } from '../../../shared/user-pool';
import { groupMembers } from '../cognito/cognito';
import { adminMomentOf } from '../cognito/admin-epoch';
import { config } from '../runtime/config';
import { logger } from '../runtime/logger';
import { getSecurityRecord } from '../data/security-record';
import { Refused } from '../data/domain-errors';
import type { Profile } from '../data/profile-item';
import { refusals } from '../../../shared/refusals';

export interface Person {
  sub: string;
  email: string;
}

/** E-mail addresses compare as people type them: case and surrounding spaces do not make another person. */
export const sameEmail = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase() && a.trim() !== '';

/** Whether the two are one person: the same sign-in, or the same address under two. */
export const samePerson = (a: Person, b: Person): boolean => a.sub === b.sub || sameEmail(a.email, b.email);

/** Refuses (403, logged) an administrator acting on their own client account. */
export function refuseOwnAccount(
  admin: Person,
  client: Pick<Profile, 'sub' | 'email'>,
  act: string,
  message: string = refusals.ownAccountMove,
): void {
  if (!samePerson(admin, client)) return;
  logger.warn('self-dealing refused: an administrator acted on their own client account', {
    act,
    adminSub: admin.sub,
    clientId: client.sub,
  });
  throw new Refused('notAllowed', message);
}

/**
 * Whether the client account is an administrator's: its own sign-in is one (its security record
 * says so, or it is a staff account), or an administrator signs in with its e-mail address.
 */
export async function isAdministratorsAccount(client: Pick<Profile, 'sub' | 'email' | 'staff'>): Promise<boolean> {
  if (client.staff === true) return true;
  if (adminMomentOf(await getSecurityRecord(client.sub)) !== undefined) return true;
  const admins = await administrators(Date.now());
  return admins.some((admin) => samePerson(admin, client));
}

let remembered: { at: number; members: Promise<Person[]> } | undefined;

/**
 * The members of `admins`, remembered as long as the admin check remembers a membership
 * (config.adminRecheckMs, at most a minute): a burst of moves costs one Cognito listing, and an
 * administrator added is known here within the minute a removed one keeps admin power.
 */
function administrators(now: number): Promise<Person[]> {
  if (!remembered || now - remembered.at >= config.adminRecheckMs) {
    const members = groupMembers(userPoolDefinition.adminGroup);
    remembered = { at: now, members };
    members.catch(() => {
      if (remembered?.members === members) remembered = undefined;
    });
  }
  return remembered.members;
}

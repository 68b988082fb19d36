/**
 * Who a notification goes to, read when it is sent: a client's address and first name from the
 * profile, the administrators from the admin group in Cognito. Each is read at send time, not
 * taken from the item, so a deleted client, a client who turned a kind off, a disabled admin or
 * someone whose admin access has ended since the item was written receives nothing.
 */
import { ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { emailWanted } from '../../shared/email-preferences';
import { userPoolDefinition } from '../../shared/user-pool';
import { config } from '../lib/runtime/config';
import { logger } from '../lib/runtime/logger';
import { displayName } from '../lib/data/profile-item';
import { getProfile } from '../lib/data/profile-reads';
import { cognitoClient } from '../lib/cognito/cognito-client';
import type { AdminRequest } from '../notifications/admin-requests';
import type { AdminRecipient, AdminsRecipient, Notification } from '../notifications/notification';

/** One address a notification goes to, and what the greeting needs. */
export interface Addressee {
  email: string;
  firstName?: string;
}

export type AdminAddressee = Addressee & { sub?: string };

type Preferences = { notifications?: Partial<Record<string, boolean>> } | null;

/** Who receives a notification now: nobody for a deleted client or one who turned this kind off. */
export async function addresseesOf(n: Notification): Promise<Addressee[]> {
  const prefersNot = (profile: Preferences) => n.optional && !emailWanted(profile?.notifications, n.kind);
  switch (n.recipient.kind) {
    case 'client': {
      const profile = await getProfile(n.recipient.sub, true);
      if (!profile || profile.deleted || prefersNot(profile)) return [];
      const email = profile.email || n.recipient.email;
      return email ? [{ email: email.toLowerCase(), firstName: profile.firstName || undefined }] : [];
    }
    case 'admin':
      return theAdmin(n.recipient, await listAdmins());
    case 'address':
      return [{ email: n.recipient.email.toLowerCase() }];
    case 'admins': {
      const addressees: Addressee[] = [];
      for (const admin of othersThan(n.recipient, await listAdmins())) {
        // An admin is a user like any other: its profile (if it has one) holds its preferences.
        if (n.optional && admin.sub && prefersNot(await getProfile(admin.sub, true))) continue;
        addressees.push({ email: admin.email, firstName: admin.firstName });
      }
      if (addressees.length === 0 && n.recipient.except)
        logger.warn('no other administrator to tell of a pending action', { notificationId: n.id });
      return addressees;
    }
  }
}

/** Every admin but the one left out (matched by sub or address: either names them). */
function othersThan(recipient: AdminsRecipient, admins: readonly AdminAddressee[]): AdminAddressee[] {
  const { except } = recipient;
  if (!except) return [...admins];
  const address = except.email.toLowerCase();
  return admins.filter((admin) => admin.sub !== except.sub && admin.email !== address);
}

/** The one admin named, at the address Cognito holds now, if still an enabled admin; by sub when Cognito gives one. */
function theAdmin(recipient: AdminRecipient, admins: readonly AdminAddressee[]): Addressee[] {
  const address = recipient.email.toLowerCase();
  const found = admins.find((admin) => (admin.sub ? admin.sub === recipient.sub : admin.email === address));
  return found ? [{ email: found.email, ...(found.firstName ? { firstName: found.firstName } : {}) }] : [];
}

/** The enabled members of the admin group that have an address, each address once. */
export async function listAdmins(): Promise<AdminAddressee[]> {
  const users: UserType[] = [];
  let next: string | undefined;
  do {
    const page = await cognitoClient().send(
      new ListUsersInGroupCommand({
        UserPoolId: config.userPoolId,
        GroupName: userPoolDefinition.adminGroup,
        Limit: 60,
        NextToken: next,
      }),
    );
    users.push(...(page.Users ?? []));
    next = page.NextToken;
  } while (next);
  const byEmail = new Map<string, AdminAddressee>();
  for (const user of users) {
    if (user.Enabled === false) continue;
    const attr = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value || undefined;
    const email = attr('email')?.toLowerCase();
    if (email && !byEmail.has(email)) byEmail.set(email, { email, firstName: attr('given_name'), sub: attr('sub') });
  }
  return [...byEmail.values()];
}

/**
 * A new request with its client's name, from the profile (the request item holds the address
 * only), so the administrators read who asked. No profile, or a deleted one: the address alone.
 */
export async function withClientName(n: AdminRequest): Promise<AdminRequest> {
  const profile = await getProfile(n.data.clientSub, true);
  const name = profile && !profile.deleted ? displayName(profile) : '';
  return name ? { ...n, data: { ...n.data, clientName: name } } : n;
}

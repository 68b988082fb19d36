/**
 * The e-mails of an invitation (lambdas/lib/data/invitations.ts), sent to the invited address
 * itself (no account exists yet):
 *
 *   INSERT  invitation, open                    the invitation: a link to sign up, and until when
 *   MODIFY  invitation, issue raised, open      the same, sent again (a re-invite renews it)
 *   MODIFY  invitation, open → revoked          the invitation was withdrawn
 *
 * Using it at sign-up is no news to anyone: the new client lands on the dashboard. The link
 * fills the sign-up form and carries no id: the server finds the invitation by the verified address.
 */
import { invitationKeys } from '../lib/data/table';
import { formatUtcDate } from './email-format';
import { type EmailContent, FIRM_NAME } from './email-layout';
import { type InvitationEmailData, type Notification, notification, type NotificationOf } from './notification';
import type { StoredImage } from './stored-item-views';

/** What an invitation's e-mail may show of it. */
export interface InvitationView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'open' | 'used' | 'revoked';
  issue: number;
  validUntil: string;
}

const STATUSES: readonly InvitationView['status'][] = ['open', 'used', 'revoked'];
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isIsoTime = (v: unknown): v is string =>
  isText(v) && Number.isFinite(Date.parse(v)) && new Date(Date.parse(v)).toISOString() === v;

/** The image as an invitation, or null when it is not exactly one the portal writes. */
export function readInvitation(image: StoredImage): InvitationView | null {
  const { id, email, firstName, lastName, status, issue, validUntil } = image;
  if (!isText(id) || image.PK !== invitationKeys.item(id).PK || image.SK !== invitationKeys.item(id).SK) return null;
  if (!isText(email) || typeof firstName !== 'string' || typeof lastName !== 'string') return null;
  if (!STATUSES.some((s) => s === status) || !isIsoTime(validUntil)) return null;
  if (typeof issue !== 'number' || !Number.isSafeInteger(issue) || issue < 1) return null;
  return { id, email, firstName, lastName, status: status as InvitationView['status'], issue, validUntil };
}

const dataOf = (view: InvitationView): InvitationEmailData => ({
  firstName: view.firstName,
  lastName: view.lastName,
  email: view.email,
  validUntil: view.validUntil,
});

const sent = (view: InvitationView): Notification =>
  notification(
    'invitation-sent',
    `invite:${view.id}:${view.issue}:sent`,
    { kind: 'address', email: view.email },
    dataOf(view),
  );

export function fromInvitationInsert(image: StoredImage): Notification[] {
  const view = readInvitation(image);
  return view?.status === 'open' ? [sent(view)] : [];
}

export function fromInvitationModify(oldImage: StoredImage, newImage: StoredImage): Notification[] {
  const before = readInvitation(oldImage);
  const after = readInvitation(newImage);
  if (!before || !after || before.id !== after.id) return [];
  if (after.status === 'open' && after.issue > before.issue) return [sent(after)];
  if (before.status === 'open' && after.status === 'revoked' && before.issue === after.issue)
    return [
      notification(
        'invitation-revoked',
        `invite:${after.id}:${after.issue}:revoked`,
        { kind: 'address', email: after.email },
        dataOf(after),
      ),
    ];
  return [];
}

/** The sign-up link: the form filled with the address and names, and the invited note shown. */
export function signUpLink(site: string, data: InvitationEmailData): string {
  const query = new URLSearchParams({ email: data.email, first: data.firstName, last: data.lastName, invited: '1' });
  return `${site}/signup?${query.toString()}`;
}

interface Parts {
  site: string;
}

const greetingOf = (data: InvitationEmailData) =>
  data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,';
const footer = [`You receive this e-mail because an ${FIRM_NAME} administrator invited this address.`];

export function invitationSentContent({ data }: NotificationOf<'invitation-sent'>, { site }: Parts): EmailContent {
  const until = formatUtcDate(data.validUntil);
  return {
    subject: `You are invited to open an ${FIRM_NAME} account`,
    greeting: greetingOf(data),
    paragraphs: [
      `${FIRM_NAME} invites you to open a client account. Follow the link to choose a password: your e-mail address and names are filled in for you.`,
      `The invitation can be used until ${until}. If you did not expect it, you can ignore this e-mail.`,
    ],
    facts: [
      { label: 'E-mail address', value: data.email },
      { label: 'Valid until', value: until },
    ],
    action: { label: 'Open your account', url: signUpLink(site, data) },
    footer,
  };
}

export function invitationRevokedContent(
  { data }: NotificationOf<'invitation-revoked'>,
  { site }: Parts,
): EmailContent {
  return {
    subject: `Your invitation to ${FIRM_NAME} was withdrawn`,
    greeting: greetingOf(data),
    paragraphs: [
      `The invitation to open an ${FIRM_NAME} account sent to this address was withdrawn, and its link no longer opens an invited account.`,
      `If you think this is a mistake, please contact ${FIRM_NAME}.`,
    ],
    facts: [{ label: 'E-mail address', value: data.email }],
    action: { label: `Visit ${FIRM_NAME}`, url: site },
    footer,
  };
}

import { notificationsFor } from './events';
import { renderNotification } from './render';
import { insert, invitationItem, modify, NOW, revokedInvitation } from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';
const invitation = invitationItem();

describe('an invitation on the stream', () => {
  it('its INSERT e-mails the invited address a link that fills the sign-up form, and no id', () => {
    const [n, ...rest] = notificationsFor(insert(invitation));
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      kind: 'invitation-sent',
      recipient: { kind: 'address', email: 'ivy.invited@example.com' },
      optional: false,
    });
    if (!n) throw new Error('no notification');
    const mail = renderNotification(n, { siteUrl: SITE });
    expect(mail.text).toContain(`${SITE}/signup?email=ivy.invited%40example.com&first=Ivy&last=Invited&invited=1`);
    expect(mail.text).toContain('Hello Ivy,');
    expect(mail.text).toContain('1 December 2026');
    expect(mail.text).not.toContain(invitation.id);
  });

  it('a re-invite (issue raised) e-mails it again under another id; the same record twice, the same id', () => {
    const again = invitationItem(invitation, NOW + 3_600_000);
    const [first] = notificationsFor(insert(invitation));
    const [second] = notificationsFor(modify(invitation, again));
    expect(second?.kind).toBe('invitation-sent');
    expect(second?.id).not.toBe(first?.id);
    expect(notificationsFor(modify(invitation, again))[0]?.id).toBe(second?.id);
  });

  it('a revocation tells the address; a use at sign-up and any other change tell nobody', () => {
    expect(notificationsFor(modify(invitation, revokedInvitation(invitation)))).toMatchObject([
      { kind: 'invitation-revoked', recipient: { kind: 'address', email: 'ivy.invited@example.com' } },
    ]);
    const used = { ...invitation, status: 'used', usedBySub: 'x', usedAt: new Date(NOW).toISOString() };
    expect(notificationsFor(modify(invitation, used))).toEqual([]);
    expect(notificationsFor(modify(invitation, { ...invitation, firstName: 'Ivy-May' }))).toEqual([]);
  });

  it('an item that is not whole is no invitation', () => {
    expect(notificationsFor(insert({ ...invitation, issue: 0 }))).toEqual([]);
    expect(notificationsFor(insert({ ...invitation, id: 'other' }))).toEqual([]);
  });
});

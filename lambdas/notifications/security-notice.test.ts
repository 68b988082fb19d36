/**
 * Security notices: from the item the security record's change writes to the e-mail the user
 * gets, always, once per notice, saying what happened, when, and what to do if it was not them.
 */
import { securityChange } from '../lib/data/security-record';
import { notificationsFor } from './events';
import { notificationPolicies } from './notification';
import { renderNotification } from './render';
import { newSecurityNoticeItem, SECURITY_EVENTS } from '../lib/data/security-notice';
import { insert, modify, NOW, OTHER_SUB, remove, SUB } from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';

describe('the stream record of a notice', () => {
  it('stands for one e-mail to its user, with an id from the item alone (a redelivery sends nothing new)', () => {
    const item = newSecurityNoticeItem(SUB, 'two-factor-on', NOW, 'n-1');
    expect(item).toMatchObject({
      PK: `CLIENT#${SUB}`,
      SK: `NOTICE#${new Date(NOW).toISOString()}#n-1`,
      expiresAt: Math.floor(NOW / 1000) + 400 * 24 * 3600,
    });
    const [n, ...more] = notificationsFor(insert(item));
    expect(more).toEqual([]);
    expect(n).toEqual({
      id: `security:${SUB}:n-1`,
      kind: 'security-notice',
      recipient: { kind: 'client', sub: SUB },
      optional: false,
      data: { event: 'two-factor-on', at: new Date(NOW).toISOString() },
    });
    expect(notificationsFor(insert(item))).toEqual([n]);
  });

  it('is news only when inserted, and only when it is exactly a notice of its own partition', () => {
    const item = newSecurityNoticeItem(SUB, 'password-changed', NOW, 'n-2');
    expect(notificationsFor(modify(item, { ...item, event: 'two-factor-off' }))).toEqual([]);
    expect(notificationsFor(remove(item))).toEqual([]);
    expect(notificationsFor(insert({ ...item, sub: OTHER_SUB }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, event: 'account-stolen' }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, at: new Date(NOW + 1).toISOString() }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, itemType: 'other' }))).toEqual([]);
  });

  it("is written in the same transaction as the security record's change, or not at all", () => {
    const { TransactItems } = securityChange(
      't',
      SUB,
      { set: { passwordChangedAt: NOW }, notice: 'password-changed' },
      NOW,
    );
    expect(TransactItems?.map((i) => Object.keys(i)[0])).toEqual(['Update', 'Put']);
    expect(TransactItems?.[1]?.Put).toMatchObject({
      TableName: 't',
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { itemType: 'security-notice', sub: SUB, event: 'password-changed' },
    });
    expect(securityChange('t', SUB, { set: { pendingAssociationAt: NOW } }, NOW).TransactItems).toHaveLength(1);
  });
});

describe('the e-mail', () => {
  const render = (event: (typeof SECURITY_EVENTS)[number]) =>
    renderNotification(notificationsFor(insert(newSecurityNoticeItem(SUB, event, NOW, 'notice-id-7')))[0]!, {
      siteUrl: SITE,
      recipientFirstName: 'Jane',
    });

  it('is always sent: nobody can turn off being told of a change to their sign-in', () => {
    expect(notificationPolicies['security-notice']).toEqual({ audience: 'client', optional: false });
  });

  it.each([
    ['password-changed', 'Your Aurum password was changed', /password of your Aurum account was changed/],
    ['password-reset', 'Your Aurum password was reset', /was reset with a link sent to this address/],
    [
      'two-factor-on',
      'Two-factor sign-in was turned on',
      /turned on for your Aurum account with a new authenticator app/,
    ],
    ['two-factor-off', 'Two-factor sign-in was turned off', /turned off for your Aurum account/],
    ['admin-granted', 'You are now an Aurum administrator', /made an administrator of the Aurum portal/],
    ['admin-revoked', 'You are no longer an Aurum administrator', /administrator access to the Aurum portal ended/],
    ['passkey-added', 'A passkey was added to your account', /passkey was added to your Aurum account/],
    ['passkey-removed', 'A passkey was removed from your account', /passkey was removed from your Aurum account/],
  ] as const)(
    '%s: says what happened and when, and what to do if it was not them, with no raw id',
    (event, subject, happened) => {
      const email = render(event);
      expect(email.subject).toBe(subject);
      expect(email.text).toMatch(happened);
      expect(email.text).toContain('24 November 2026, 14:05 UTC');
      expect(email.text).toMatch(/If (you did not|this wasn't|you did not expect)/);
      expect(email.text).toContain('so it is always sent');
      expect(email.text).toContain('Hello Jane,');
      for (const part of [email.text, email.html]) {
        expect(part).not.toContain('notice-id-7');
        expect(part).not.toContain(SUB);
      }
    },
  );

  it('sends whoever did not make the change to the reset page', () => {
    for (const event of [
      'password-changed',
      'two-factor-on',
      'two-factor-off',
      'passkey-added',
      'passkey-removed',
    ] as const)
      expect(render(event).text).toContain(`${SITE}/forgot-password`);
  });

  it('tells whoever did not change their second factor to report it to the firm', () => {
    for (const event of ['two-factor-on', 'two-factor-off', 'passkey-added', 'passkey-removed'] as const)
      expect(render(event).text).toMatch(/tell Aurum at once/);
  });
});

/**
 * A new client's application, told by e-mail: the administrators of a new one (linking to the
 * queue, never to a client id), the client of an approval, and the applicant of a rejection at
 * the address the application holds, since the rejection closes the account.
 */
import { notificationsFor } from './events';
import { renderNotification } from './render';
import {
  applicationItem,
  CLIENT_EMAIL,
  decidedApplication,
  insert,
  modify,
  NOW,
  SUB,
} from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';
const DECIDED_AT = new Date(NOW + 3_600_000).toISOString();
const data = { firstName: 'Jane', lastName: 'Doe', email: CLIENT_EMAIL, appliedAt: new Date(NOW).toISOString() };

describe('events', () => {
  it('a pending application tells every administrator', () => {
    expect(notificationsFor(insert(applicationItem()))).toEqual([
      {
        id: `application:${SUB}:admins`,
        kind: 'admin-new-application',
        recipient: { kind: 'admins' },
        optional: false,
        data,
      },
    ]);
  });

  it('an approval tells the client; a rejection the applicant at its address, with the reason', () => {
    const item = applicationItem();
    expect(notificationsFor(modify(item, decidedApplication(item, 'approved')))).toEqual([
      {
        id: `application:${SUB}:approved`,
        kind: 'application-approved',
        recipient: { kind: 'client', sub: SUB },
        optional: false,
        data: { ...data, decidedAt: DECIDED_AT },
      },
    ]);
    expect(notificationsFor(modify(item, decidedApplication(item, 'rejected', 'Documents missing')))).toEqual([
      {
        id: `application:${SUB}:rejected`,
        kind: 'application-rejected',
        recipient: { kind: 'address', email: CLIENT_EMAIL },
        optional: false,
        data: { ...data, decidedAt: DECIDED_AT, reason: 'Documents missing' },
      },
    ]);
  });

  it('only a decision is news: not a decided one written again, nor an item of another client', () => {
    const item = applicationItem();
    const approved = decidedApplication(item, 'approved');
    expect(notificationsFor(modify(approved, approved))).toEqual([]);
    expect(notificationsFor(insert(approved))).toEqual([]);
    expect(notificationsFor(insert({ ...item, sub: 'someone-else' }))).toEqual([]);
    expect(notificationsFor(modify(item, { ...approved, status: 'approved', decidedAt: 'yesterday' }))).toEqual([]);
  });
});

describe('render', () => {
  const rendered = (item: Parameters<typeof insert>[0], before?: Parameters<typeof insert>[0]) => {
    const [n] = before ? notificationsFor(modify(before, item)) : notificationsFor(insert(item));
    if (!n) throw new Error('no notification');
    return renderNotification(n, { siteUrl: SITE, recipientFirstName: 'Jane' });
  };

  it('tells the administrators who applied, linking to the Applications page', () => {
    const mail = rendered(applicationItem());
    expect(mail.subject).toBe('A new client is waiting for review');
    expect(mail.text).toContain('Jane Doe (jane.doe@example.com) has signed up.');
    expect(mail.text).toContain(`${SITE}/admin/applications`);
    expect(mail.text).not.toContain(SUB);
  });

  it('tells the client of the approval, pointing to the dashboard', () => {
    const item = applicationItem();
    const mail = rendered(decidedApplication(item, 'approved'), item);
    expect(mail.subject).toBe('Your Aurum account is approved');
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toContain(`${SITE}/dashboard`);
  });

  it('tells the applicant why, and that the address no longer signs in', () => {
    const item = applicationItem();
    const mail = rendered(decidedApplication(item, 'rejected', 'We could not verify <your> identity.'), item);
    expect(mail.subject).toBe('Your Aurum application was not approved');
    expect(mail.text).toContain('We could not verify <your> identity.');
    expect(mail.html).toContain('We could not verify &lt;your&gt; identity.');
    expect(mail.text).toContain('You can no longer sign in with this e-mail address.');
  });
});

/**
 * Every notification's e-mail, from notifications derived from real items: subjects, amounts as
 * the site writes them, times in UTC, both parts, and escaping of whatever people typed.
 */
import fc from 'fast-check';
import { notificationsFor } from './events';
import { notification } from './notification';
import { only } from './test-support/only-notification';
import { renderAdminRequests, renderNotification } from './render';
import {
  ADMIN_EMAIL,
  approved,
  balanceEditItem,
  cancelled,
  CLIENT_EMAIL,
  decidedActionItem,
  entryItem,
  insert,
  modify,
  NOW,
  pendingActionItem,
  pendingRequest,
  rejected,
  REQUEST_ID,
  SUB,
  weeklyRunItem,
} from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';
const context = { siteUrl: SITE, recipientFirstName: 'Jane' };

const request = pendingRequest(123_456);
const derived = {
  deposit: () =>
    only(
      notificationsFor(
        insert(
          entryItem({ type: 'deposit', amountCents: 123_456, note: 'Wire from Chase', balanceAfterCents: 1_223_456 }),
        ),
      ),
      'deposit-recorded',
    ),
  withdrawal: () =>
    only(
      notificationsFor(insert(entryItem({ type: 'withdrawal', amountCents: 50_000, balanceAfterCents: 73_456 }))),
      'withdrawal-processed',
    ),
  balanceEdit: () =>
    only(
      notificationsFor(
        insert(balanceEditItem({ balanceCents: 100_000, netCents: 100_000, lastUpdate: NOW - 1 }, 250_075)),
      ),
      'balance-edited',
    ),
  received: () => only(notificationsFor(insert(request)), 'withdrawal-request-received'),
  adminRequest: () => only(notificationsFor(insert(request)), 'admin-new-withdrawal-request'),
  approved: () => only(notificationsFor(modify(request, approved(request))), 'withdrawal-request-approved'),
  rejected: (reason = 'Profit not yet eligible') =>
    only(notificationsFor(modify(request, rejected(request, reason))), 'withdrawal-request-rejected'),
  cancelled: () => only(notificationsFor(modify(request, cancelled(request))), 'withdrawal-request-cancelled'),
  weekly: (failed = 1) => only(notificationsFor(insert(weeklyRunItem({ failed }))), 'admin-weekly-growth-summary'),
  actionProposed: () => only(notificationsFor(insert(pendingActionItem())), 'admin-action-proposed'),
  actionDecided: () =>
    only(
      notificationsFor(modify(pendingActionItem(), decidedActionItem(pendingActionItem(), 'approved'))),
      'admin-action-decided',
    ),
  actionConfirmed: () =>
    only(
      notificationsFor(modify(pendingActionItem(), decidedActionItem(pendingActionItem(), 'rejected', 'No'))),
      'admin-action-decision-confirmed',
    ),
};

describe('each kind', () => {
  it('deposit recorded', () => {
    const mail = renderNotification(derived.deposit(), context);
    expect(mail.subject).toBe('Deposit of $1,234.56 recorded');
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toContain('A deposit of $1,234.56 has been recorded in your Aurum portfolio.');
    expect(mail.text).toContain('Dated: 24 November 2026, 14:05 UTC');
    expect(mail.text).toContain('Note: Wire from Chase');
    expect(mail.text).toContain('Balance after this deposit: $12,234.56');
    expect(mail.text).toContain(`View your portfolio: ${SITE}/dashboard`);
    expect(mail.text).toContain(`${SITE}/account`);
    expect(mail.html).toContain('Wire from Chase');
    expect(mail.html).toContain('$12,234.56');
    expect(mail.html).toContain(`href="${SITE}/dashboard"`);
  });

  it('withdrawal processed (no note: no Note line)', () => {
    const mail = renderNotification(derived.withdrawal(), context);
    expect(mail.subject).toBe('Withdrawal of $500.00 processed');
    expect(mail.text).toContain('A withdrawal of $500.00 has been processed from your Aurum portfolio.');
    expect(mail.text).toContain('Date: 24 November 2026, 14:05 UTC');
    expect(mail.text).toContain('Balance after this withdrawal: $734.56');
    expect(mail.text).not.toContain('Note:');
  });

  it('balance edited: the balance before and after', () => {
    const mail = renderNotification(derived.balanceEdit(), context);
    expect(mail.subject).toBe('Your balance was updated');
    expect(mail.text).toContain('Your Aurum portfolio balance was changed from $1,000.00 to $2,500.75.');
    expect(mail.text).toContain('Previous balance: $1,000.00');
    expect(mail.text).toContain('New balance: $2,500.75');
    expect(mail.html).toContain('$2,500.75');
  });

  it('request received', () => {
    const mail = renderNotification(derived.received(), context);
    expect(mail.subject).toBe('Withdrawal request of $1,234.56 received');
    expect(mail.text).toContain('Requested: 24 November 2026, 14:05 UTC');
    expect(mail.text).toContain('always sent');
  });

  it('request approved: amount and the payout delay', () => {
    const mail = renderNotification(derived.approved(), context);
    expect(mail.subject).toBe('Your withdrawal request was approved');
    expect(mail.text).toContain(
      'Your request to withdraw $1,234.56 was approved. The money is expected in 2-3 business days.',
    );
    expect(mail.text).toContain('Approved: 24 November 2026, 15:05 UTC');
    expect(mail.html).toContain('expected in 2-3 business days');
  });

  it('request rejected: the reason', () => {
    const mail = renderNotification(derived.rejected(), context);
    expect(mail.subject).toBe('Your withdrawal request was rejected');
    expect(mail.text).toContain('Reason: Profit not yet eligible');
    expect(mail.html).toContain('Profit not yet eligible');
  });

  it('request cancelled: what it means for the money, and what to do if it was not the client', () => {
    const mail = renderNotification(derived.cancelled(), context);
    expect(mail.subject).toBe('Your withdrawal request was cancelled');
    expect(mail.text).toContain(
      'You cancelled your request to withdraw $1,234.56. Nothing was paid out, and the profit it asked for is available to request again.',
    );
    expect(mail.text).toContain(
      `If you did not cancel it, someone may be signed in to your account: reset your password now at ${SITE}/forgot-password.`,
    );
    expect(mail.text).toContain('Cancelled: 24 November 2026, 15:05 UTC');
    expect(mail.text).toContain('always sent');
  });

  it('a rejection without a reason says so', () => {
    const n = notification(
      'withdrawal-request-rejected',
      'x',
      { kind: 'client', sub: SUB },
      {
        requestId: REQUEST_ID,
        amountCents: 1,
        requestedAt: new Date(NOW).toISOString(),
        decidedAt: new Date(NOW).toISOString(),
      },
    );
    expect(renderNotification(n, context).text).toContain('Reason: No reason was given.');
  });

  it('new request for the admins: the client, the amount, a link to /admin', () => {
    const mail = renderNotification(derived.adminRequest(), context);
    expect(mail.subject).toBe('New withdrawal request for $1,234.56');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('Jane');
    expect(mail.text).toContain(`Client: ${CLIENT_EMAIL}`);
    expect(mail.text).toContain(`Review requests: ${SITE}/admin`);
    expect(mail.html).toContain(`href="${SITE}/admin"`);
    expect(mail.text).not.toContain('Request:');
  });

  it('new request for the admins names the client when the notifier found the name', () => {
    const n = derived.adminRequest();
    if (n.kind !== 'admin-new-withdrawal-request') throw new Error(n.kind);
    const mail = renderNotification({ ...n, data: { ...n.data, clientName: 'Jane Doe' } }, context);
    expect(mail.text).toContain(`Jane Doe (${CLIENT_EMAIL}) has requested a profit withdrawal of $1,234.56.`);
    expect(mail.text).toContain(`Client: Jane Doe (${CLIENT_EMAIL})`);
  });

  it('several new requests: one e-mail listing each client, amount and date, counted in words', () => {
    const n = derived.adminRequest();
    if (n.kind !== 'admin-new-withdrawal-request') throw new Error(n.kind);
    const later = {
      ...n,
      id: 'other',
      data: {
        ...n.data,
        requestId: `${n.data.requestId}2`,
        amountCents: 100,
        requestedAt: new Date(NOW + 60_000).toISOString(),
        clientName: 'Jane Doe',
      },
    };
    const mail = renderAdminRequests([later, n], context);
    expect(mail.subject).toBe('2 new withdrawal requests for $1,235.56');
    expect(mail.text).toContain('Clients have requested 2 profit withdrawals.');
    expect(mail.text).toContain(
      `${CLIENT_EMAIL}: $1,234.56, requested 24 November 2026, 14:05 UTC\nJane Doe (${CLIENT_EMAIL}): $1.00, requested 24 November 2026, 14:06 UTC\n`,
    );
  });

  it('weekly summary: counts, totals, failures first in the subject', () => {
    const mail = renderNotification(derived.weekly(), context);
    expect(mail.subject).toBe('Weekly growth for 23 November 2026: 1 portfolio failed');
    expect(mail.text).toContain('Portfolios due: 1,204');
    expect(mail.text).toContain('Grown: 1,200');
    expect(mail.text).toContain('Skipped (already grown, or deleted): 3');
    expect(mail.text).toContain('Failed: 1');
    expect(mail.text).toContain('Total value of portfolios grown: $987,654,321.00');
    expect(mail.text).toContain('Total growth this run: +$1,315,270.12');
    expect(mail.text).toContain('Finished: 23 November 2026, 00:01 UTC');
    expect(mail.text).not.toContain('Run:');
    expect(mail.text).toContain('retried automatically');
    expect(mail.text).toContain(`${SITE}/admin`);
    const clean = renderNotification(derived.weekly(0), context);
    expect(clean.subject).toBe('Weekly growth for 23 November 2026: 1,200 portfolios grown');
    expect(clean.text).not.toContain('retried');
  });

  it('every kind has both parts, the firm name, and an HTML document with no external asset', () => {
    const all = [
      derived.deposit(),
      derived.withdrawal(),
      derived.balanceEdit(),
      derived.received(),
      derived.approved(),
      derived.rejected(),
      derived.cancelled(),
      derived.adminRequest(),
      derived.weekly(),
      derived.actionProposed(),
      derived.actionDecided(),
      derived.actionConfirmed(),
    ];
    expect(new Set(all.map((n) => n.kind)).size).toBe(12);
    for (const n of all) {
      const mail = renderNotification(n, context);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.text).toContain('Aurum');
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).toContain('>Aurum<');
      expect(mail.html).not.toMatch(/<(img|link|script|style)\b/i);
      expect(mail.html).not.toMatch(/src=|url\(/i);
      expect(mail.text).not.toMatch(/<[a-z]/i);
    }
  });

  it('a client without a first name is greeted plainly', () => {
    expect(renderNotification(derived.deposit(), { siteUrl: SITE }).text).toMatch(/^Hello,\n/);
    expect(renderNotification(derived.deposit(), { siteUrl: SITE, recipientFirstName: '  ' }).text).toMatch(
      /^Hello,\n/,
    );
  });

  it('takes the site with or without a trailing slash, and refuses anything but an http(s) origin', () => {
    expect(renderNotification(derived.deposit(), { siteUrl: `${SITE}/` }).text).toContain(`${SITE}/dashboard`);
    expect(() => renderNotification(derived.deposit(), { siteUrl: 'javascript:alert(1)' })).toThrow(/siteUrl/);
    expect(() => renderNotification(derived.deposit(), { siteUrl: 'https://a.example/"><script>' })).toThrow(/siteUrl/);
  });
});

describe('no admin e-mail in a client\u2019s e-mail', () => {
  it.each([
    ['deposit', derived.deposit],
    ['withdrawal', derived.withdrawal],
    ['balance edit', derived.balanceEdit],
    ['received', derived.received],
    ['approved', derived.approved],
    ['rejected', () => derived.rejected()],
    ['cancelled', derived.cancelled],
  ])('%s', (_, make) => {
    const mail = renderNotification(make(), context);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain(ADMIN_EMAIL);
  });
});

describe('escaping', () => {
  const hostile = `<script>alert("x")</script> & 'quoted' "double"`;
  const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; &quot;double&quot;';

  it.each([
    [
      'a deposit note',
      () =>
        only(
          notificationsFor(
            insert(entryItem({ type: 'deposit', amountCents: 100, note: hostile, balanceAfterCents: 100 })),
          ),
          'deposit-recorded',
        ),
      {},
    ],
    [
      'a withdrawal note',
      () =>
        only(
          notificationsFor(
            insert(entryItem({ type: 'withdrawal', amountCents: 100, note: hostile, balanceAfterCents: 0 })),
          ),
          'withdrawal-processed',
        ),
      {},
    ],
    ['a rejection reason', () => derived.rejected(hostile), {}],
    ['a first name', derived.approved, { recipientFirstName: hostile }],
  ])('%s: escaped in HTML, as typed in plain text', (_, make, extra) => {
    const mail = renderNotification(make(), { ...context, ...extra });
    expect(mail.html).toContain(escaped);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain(hostile);
    expect(mail.text).toContain(hostile);
  });

  it("a client's e-mail address, shown to admins, is escaped", () => {
    const odd = pendingRequest(100, `o'brien&"co"@example.com`);
    const mail = renderNotification(only(notificationsFor(insert(odd)), 'admin-new-withdrawal-request'), context);
    expect(mail.html).toContain('o&#39;brien&amp;&quot;co&quot;@example.com');
    expect(mail.text).toContain(`Client: o'brien&"co"@example.com`);
  });

  it('a note keeps its line breaks: <br> in HTML, indented lines in plain text', () => {
    const n = only(
      notificationsFor(
        insert(entryItem({ type: 'deposit', amountCents: 100, note: 'line one\nline <two>', balanceAfterCents: 100 })),
      ),
      'deposit-recorded',
    );
    const mail = renderNotification(n, context);
    expect(mail.html).toContain('line one<br>line &lt;two&gt;');
    expect(mail.text).toContain('Note: line one\n  line <two>');
  });

  /** Every "<" in the HTML opens one of the layout's own tags: none comes from the text. */
  const LAYOUT_TAG = /^<\/?(?:!DOCTYPE|html|head|meta|title|body|table|tr|td|p|a|br)\b/;
  const strayAngles = (html: string) =>
    [...html.matchAll(/</g)].filter((m) => !LAYOUT_TAG.test(html.slice(m.index))).length;

  it('never lets a "<" of a note, a reason or a name into the HTML unescaped (property)', () => {
    // Any text at all, and text made mostly of the characters markup is made of.
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '/', '=', 's', 'a', ' ', '\n', '\r'), maxLength: 60 }),
    );
    fc.assert(
      fc.property(text, text, text, (note, reason, name) => {
        const deposit = notification(
          'deposit-recorded',
          'id',
          { kind: 'client', sub: SUB },
          { entryId: 'e', amountCents: 100, at: new Date(NOW).toISOString(), note, balanceAfterCents: 100 },
        );
        const rejection = notification(
          'withdrawal-request-rejected',
          'id',
          { kind: 'client', sub: SUB },
          {
            requestId: REQUEST_ID,
            amountCents: 100,
            requestedAt: new Date(NOW).toISOString(),
            decidedAt: new Date(NOW).toISOString(),
            reason,
          },
        );
        for (const n of [deposit, rejection]) {
          const { html } = renderNotification(n, { siteUrl: SITE, recipientFirstName: name });
          if (strayAngles(html) !== 0) return false;
          // And what was typed is shown, escaped, with its line breaks.
          const shown = n.kind === 'deposit-recorded' ? note : reason;
          if (
            shown &&
            !html.includes(
              shown
                .split(/\r\n|\r|\n/)
                .map(escapeForCheck)
                .join('<br>'),
            )
          )
            return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

/** An independent escape for the property's check (not the module's own). */
function escapeForCheck(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

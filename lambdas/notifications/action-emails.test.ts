/**
 * The four-eyes e-mails, from the action items the money routes and the approve/reject routes
 * really write: what the other administrators are asked, what the proposer learns, what the
 * administrator who decided is told, each naming the move, the amount and the client.
 */
import { notificationsFor } from './events';
import { only } from './test-support/only-notification';
import { renderNotification } from './render';
import {
  APPROVER,
  CLIENT_EMAIL,
  decidedActionItem,
  insert,
  modify,
  pendingActionItem,
  PROPOSER,
} from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';
const context = { siteUrl: SITE, recipientFirstName: 'Bo' };

type Proposal = Parameters<typeof pendingActionItem>[0];
const proposedMail = (overrides: Proposal = {}) =>
  renderNotification(only(notificationsFor(insert(pendingActionItem(overrides))), 'admin-action-proposed'), context);

function decidedMails(status: 'approved' | 'rejected', reason?: string, overrides: Proposal = {}) {
  const item = pendingActionItem(overrides);
  const found = notificationsFor(modify(item, decidedActionItem(item, status, reason)));
  return {
    proposer: renderNotification(only(found, 'admin-action-decided'), { siteUrl: SITE, recipientFirstName: 'Ann' }),
    decider: renderNotification(only(found, 'admin-action-decision-confirmed'), context),
  };
}

describe('approval needed (to the other administrators)', () => {
  it('names the move, the amount, the client and the proposer, and links to the approvals page', () => {
    const mail = proposedMail();
    expect(mail.subject).toBe('Approval needed: deposit of $25,000.00 for Jane Doe');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain(`${PROPOSER.email} proposed a deposit of $25,000.00 for Jane Doe (${CLIENT_EMAIL}).`);
    expect(mail.text).toContain('nothing moves until another administrator approves it');
    expect(mail.text).toContain('Amount: $25,000.00');
    expect(mail.text).toContain('Balance when proposed: $1,000.00');
    expect(mail.text).toContain('Balance after, as proposed: $26,000.00');
    expect(mail.text).toContain('Deposit dated: 23 November 2026, 14:05 UTC');
    expect(mail.text).toContain('Note: Wire from Chase');
    expect(mail.text).toContain(`Proposed by: ${PROPOSER.email}`);
    expect(mail.text).toContain('Proposed: 24 November 2026, 14:05 UTC');
    expect(mail.text).toContain(`Review approvals: ${SITE}/admin/approvals`);
    expect(mail.text).toContain('always sent');
    expect(mail.html).toContain(`href="${SITE}/admin/approvals"`);
  });

  it.each([
    [
      'a withdrawal',
      { kind: 'withdrawal', amountCents: 1_500_000, changeCents: -1_500_000, balanceAtProposalCents: 2_000_000 },
      'withdrawal of $15,000.00',
      'Balance after, as proposed: $5,000.00',
    ],
    [
      'a request approval',
      { kind: 'approveRequest', amountCents: 1_500_000, changeCents: -1_500_000, balanceAtProposalCents: 2_000_000 },
      'withdrawal request approval of $15,000.00',
      'Amount: $15,000.00',
    ],
    [
      'a balance edit, by its change',
      { kind: 'balance', amountCents: 500_000, changeCents: -1_500_000, balanceAtProposalCents: 2_000_000 },
      'balance edit of -$15,000.00',
      'New balance: $5,000.00\nChange: -$15,000.00',
    ],
    [
      'a balance raised',
      { kind: 'balance', amountCents: 3_500_000, changeCents: 1_500_000, balanceAtProposalCents: 2_000_000 },
      'balance edit of +$15,000.00',
      'Balance after, as proposed: $35,000.00',
    ],
  ] as const)('%s', (_, overrides, move, fact) => {
    const mail = proposedMail({ ...overrides, note: undefined, depositAt: undefined });
    expect(mail.subject).toBe(`Approval needed: ${move} for Jane Doe`);
    expect(mail.text).toContain(`proposed a ${move} for Jane Doe`);
    expect(mail.text).toContain(fact);
    expect(mail.text).not.toContain('Note:');
    expect(mail.text).not.toContain('Deposit dated');
  });

  it('a client without a name on file is named by address', () => {
    const mail = proposedMail({ clientName: ' ' });
    expect(mail.subject).toBe(`Approval needed: deposit of $25,000.00 for ${CLIENT_EMAIL}`);
    expect(mail.text).toContain(`Client: ${CLIENT_EMAIL}\n`);
  });

  it('escapes what people typed: the note and the client name', () => {
    const mail = proposedMail({ note: '<b>wire</b>', clientName: `O'Brien & <Co>` });
    expect(mail.html).toContain('&lt;b&gt;wire&lt;/b&gt;');
    expect(mail.html).toContain('O&#39;Brien &amp; &lt;Co&gt;');
    expect(mail.html).not.toContain('<b>wire');
  });
});

describe('the outcome', () => {
  it('approved: the proposer learns who approved it and that it was applied; the approver gets a confirmation', () => {
    const { proposer, decider } = decidedMails('approved');
    expect(proposer.subject).toBe('Approved: your deposit of $25,000.00 for Jane Doe');
    expect(proposer.text).toMatch(/^Hello Ann,\n/);
    expect(proposer.text).toContain(
      `${APPROVER.email} approved the deposit of $25,000.00 for Jane Doe (${CLIENT_EMAIL}) that you proposed on 24 November 2026, 14:05 UTC.`,
    );
    expect(proposer.text).toContain('It has been applied to the client\u2019s balance.');
    expect(proposer.text).toContain(`Approved by: ${APPROVER.email}`);
    expect(proposer.text).toContain('Approved: 24 November 2026, 15:05 UTC');
    expect(proposer.text).not.toContain('Reason:');
    expect(proposer.text).toContain(`${SITE}/admin/activity`);

    expect(decider.subject).toBe('Confirmed: you approved a deposit of $25,000.00 for Jane Doe');
    expect(decider.text).toMatch(/^Hello Bo,\n/);
    expect(decider.text).toContain(
      `You approved the deposit of $25,000.00 for Jane Doe (${CLIENT_EMAIL}) proposed by ${PROPOSER.email}.`,
    );
    expect(decider.text).toContain('It has been applied');
  });

  it('rejected: both say nothing moved, and give the reason', () => {
    const { proposer, decider } = decidedMails('rejected', 'Call the client <first>', {
      kind: 'withdrawal',
      changeCents: -2_500_000,
      balanceAtProposalCents: 3_000_000,
    });
    expect(proposer.subject).toBe('Rejected: your withdrawal of $25,000.00 for Jane Doe');
    expect(proposer.text).toContain(`${APPROVER.email} rejected the withdrawal of $25,000.00 for Jane Doe`);
    expect(decider.subject).toBe('Confirmed: you rejected a withdrawal of $25,000.00 for Jane Doe');
    for (const mail of [proposer, decider]) {
      expect(mail.text).toContain('Nothing was moved.');
      expect(mail.text).toContain('Reason: Call the client <first>');
      expect(mail.text).toContain(`Rejected by: ${APPROVER.email}`);
      expect(mail.html).toContain('Call the client &lt;first&gt;');
    }
  });
});

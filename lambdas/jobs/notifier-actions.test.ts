/**
 * The notifier and the four-eyes rule, against a fake table, a fake admin group and a fake
 * mailer: a proposed move reaches every enabled administrator but its proposer; its decision
 * reaches the proposer and, as a confirmation, the administrator who decided; each e-mail once,
 * however often its record comes; and only to people who are administrators when it is sent.
 */
import { logger } from '../lib/runtime/logger';
import { resetRuntime } from '../lib/runtime/runtime';
import { keys } from '../lib/data/table';
import { sentMarkerKeys } from '../notifications/sent-marker';
import {
  eventOf,
  type FakeAdmin,
  NotifierFakes,
  SITE_URL,
  streamRecord,
} from '../notifications/test-support/notifier-fakes';
import {
  ACTION_ID,
  APPROVER,
  CLIENT_EMAIL,
  decidedActionItem,
  pendingActionItem,
  pendingRequest,
  profileItem,
  PROPOSER,
  SUB,
} from '../notifications/test-support/stream-records';
import { handler } from './notifier';

const ANN: FakeAdmin = { ...PROPOSER, enabled: true, firstName: 'Ann' };
const BO: FakeAdmin = { ...APPROVER, enabled: true, firstName: 'Bo' };
const CY: FakeAdmin = { email: 'cy.admin@aurum.example', sub: 'c0c0c0c0-1111-4222-8333-444455556666', enabled: true };
const GONE: FakeAdmin = {
  email: 'gone.admin@aurum.example',
  sub: 'd0d0d0d0-1111-4222-8333-444455556666',
  enabled: false,
};

let fakes: NotifierFakes;

beforeEach(() => {
  fakes = new NotifierFakes();
  fakes.admins = [ANN, BO, CY, GONE];
  fakes.install();
  fakes.put(profileItem('Jane'));
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

const proposal = () => streamRecord('INSERT', pendingActionItem());
const decision = (status: 'approved' | 'rejected', reason?: string) => {
  const item = pendingActionItem();
  return streamRecord('MODIFY', decidedActionItem(item, status, reason), item);
};
const subjects = () => fakes.sent.map((m) => [m.to, m.subject]);

describe('a proposed move', () => {
  it('asks every enabled administrator but the proposer, with a link to the approvals page', async () => {
    expect(await handler(eventOf(proposal()))).toEqual({ batchItemFailures: [] });
    expect(subjects()).toEqual([
      [BO.email, 'Approval needed: deposit of $25,000.00 for Jane Doe'],
      [CY.email, 'Approval needed: deposit of $25,000.00 for Jane Doe'],
    ]);
    for (const mail of fakes.sent) {
      expect(mail.text).toContain(`${PROPOSER.email} proposed a deposit of $25,000.00 for Jane Doe (${CLIENT_EMAIL}).`);
      expect(mail.text).toContain(`${SITE_URL}/admin/approvals`);
    }
    expect(fakes.get(sentMarkerKeys.marker(`action:${ACTION_ID}:proposed`, BO.email))).toMatchObject({
      status: 'sent',
    });
  });

  it('leaves the proposer out when Cognito names them by address alone or by sub alone', async () => {
    fakes.admins = [
      { ...ANN, sub: 'another-sub' },
      { ...BO },
      { ...CY, email: 'ann.alias@aurum.example', sub: PROPOSER.sub },
    ];
    await handler(eventOf(proposal()));
    expect(fakes.sent.map((m) => m.to)).toEqual([BO.email]);
  });

  it('a record delivered again, in the same batch or later, asks nobody twice', async () => {
    const r = proposal();
    await handler(eventOf(r, r));
    await handler(eventOf(r));
    expect(fakes.sent).toHaveLength(2);
  });

  it('a failed send is retried for that administrator only', async () => {
    const r = proposal();
    fakes.refuse = (mail) => mail.to === CY.email;
    expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [{ itemIdentifier: r.dynamodb?.SequenceNumber }] });
    fakes.refuse = () => false;
    expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
    expect(fakes.sent.map((m) => m.to)).toEqual([BO.email, CY.email]);
  });

  it('with no other administrator, e-mails nobody, fails nothing, and says so in the log', async () => {
    fakes.admins = [ANN, GONE];
    expect(await handler(eventOf(proposal()))).toEqual({ batchItemFailures: [] });
    expect(fakes.sent).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith('no other administrator to tell of a pending action', expect.anything());
  });
});

describe('its decision', () => {
  it('approved: the proposer learns the outcome, the approver gets a confirmation, nobody else anything', async () => {
    expect(await handler(eventOf(decision('approved')))).toEqual({ batchItemFailures: [] });
    expect(subjects()).toEqual([
      [ANN.email, 'Approved: your deposit of $25,000.00 for Jane Doe'],
      [BO.email, 'Confirmed: you approved a deposit of $25,000.00 for Jane Doe'],
    ]);
    const [toProposer, toApprover] = fakes.sent;
    expect(toProposer?.text).toMatch(/^Hello Ann,\n/);
    expect(toProposer?.text).toContain(`${APPROVER.email} approved the deposit`);
    expect(toApprover?.text).toMatch(/^Hello Bo,\n/);
    expect(toApprover?.text).toContain('It has been applied');
  });

  it('rejected: both e-mails give the reason', async () => {
    await handler(eventOf(decision('rejected', 'Call the client first')));
    expect(subjects()).toEqual([
      [ANN.email, 'Rejected: your deposit of $25,000.00 for Jane Doe'],
      [BO.email, 'Confirmed: you rejected a deposit of $25,000.00 for Jane Doe'],
    ]);
    for (const mail of fakes.sent) {
      expect(mail.text).toContain('Reason: Call the client first');
      expect(mail.text).toContain('Nothing was moved.');
    }
  });

  it('a record delivered again sends no second e-mail to either', async () => {
    const r = decision('approved');
    await handler(eventOf(r));
    await handler(eventOf(r, r));
    expect(fakes.sent).toHaveLength(2);
  });

  it('goes only to a current administrator, at the address Cognito holds', async () => {
    // Ann's admin access ended after she proposed; Bo's address changed since he decided.
    fakes.admins = [{ ...BO, email: 'bo.new@aurum.example' }, CY, { ...ANN, enabled: false }];
    await handler(eventOf(decision('approved')));
    expect(subjects()).toEqual([
      ['bo.new@aurum.example', 'Confirmed: you approved a deposit of $25,000.00 for Jane Doe'],
    ]);
  });
});

it('a new withdrawal request tells the admins the client by name, read from the profile', async () => {
  await handler(eventOf(streamRecord('INSERT', pendingRequest(50_000))));
  const toAdmin = fakes.to(CY.email);
  expect(toAdmin.map((m) => m.subject)).toEqual(['New withdrawal request for $500.00']);
  expect(toAdmin[0]?.text).toContain(`Client: Jane Doe (${CLIENT_EMAIL})`);
  expect(toAdmin[0]?.text).not.toContain(SUB);
  // A deleted client's request names the client by address.
  fakes.put({ ...keys.profile(SUB), sub: SUB, deleted: true });
  const other = {
    ...pendingRequest(60_000),
    SK: keys.request(SUB, 'mi9x2k3h5req0000000000002').SK,
    requestId: `${SUB}.mi9x2k3h5req0000000000002`,
  };
  await handler(eventOf(streamRecord('INSERT', other)));
  expect(fakes.to(CY.email)[1]?.text).toContain(`Client: ${CLIENT_EMAIL}\n`);
});

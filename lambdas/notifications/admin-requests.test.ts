/**
 * The admins' merged e-mail of new requests leaves out a request its client has cancelled by the
 * time it is written, through the notifier against a fake table, Cognito and mailer
 * (test-support/notifier-fakes.ts).
 */
import { handler } from '../jobs/notifier';
import { logger } from '../lib/runtime/logger';
import { resetRuntime } from '../lib/runtime/runtime';
import { newRequestItem } from '../lib/data/withdrawal-requests';
import { eventOf, type FakeAdmin, NotifierFakes, streamRecord } from './test-support/notifier-fakes';
import { cancelled, CLIENT_EMAIL, NOW, pendingRequest, profileItem, SUB } from './test-support/stream-records';

const ANN: FakeAdmin = { email: 'ann.admin@aurum.example', sub: 'a0a0a0a0-1111-4222-8333-444455556666', enabled: true };
const BO: FakeAdmin = { email: 'bo.admin@aurum.example', sub: 'b0b0b0b0-1111-4222-8333-444455556666', enabled: true };

let fakes: NotifierFakes;

beforeEach(() => {
  fakes = new NotifierFakes();
  fakes.admins = [ANN, BO];
  fakes.install();
  fakes.put(profileItem('Jane'));
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

const kept = pendingRequest(123_456);
const withdrawn = newRequestItem(SUB, 'mi9x2k3h5req0000000000002', CLIENT_EMAIL, 20_000, NOW + 1_000);
const subjectsTo = (admin: FakeAdmin) => fakes.to(admin.email).map((m) => m.subject);

it('leaves a request cancelled since out of the e-mail that lists the batch', async () => {
  fakes.put({ ...kept });
  fakes.put({ ...cancelled(withdrawn) });
  expect(await handler(eventOf(streamRecord('INSERT', kept), streamRecord('INSERT', withdrawn)))).toEqual({
    batchItemFailures: [],
  });
  for (const admin of [ANN, BO]) {
    expect(subjectsTo(admin)).toEqual(['New withdrawal request for $1,234.56']);
    expect(fakes.to(admin.email)[0]?.text).not.toContain('$200.00');
  }
});

it('sends the admins nothing when every request of the batch was cancelled; the client hears of both steps', async () => {
  fakes.put({ ...cancelled(withdrawn) });
  const batch = eventOf(streamRecord('INSERT', withdrawn), streamRecord('MODIFY', cancelled(withdrawn), withdrawn));
  expect(await handler(batch)).toEqual({ batchItemFailures: [] });
  expect([...subjectsTo(ANN), ...subjectsTo(BO)]).toEqual([]);
  expect(fakes.to(CLIENT_EMAIL).map((m) => m.subject)).toEqual([
    'Withdrawal request of $200.00 received',
    'Your withdrawal request was cancelled',
  ]);
});

it('still lists a request an admin has decided since, and one no longer found, as before', async () => {
  fakes.put({ ...kept, status: 'approved' });
  expect(await handler(eventOf(streamRecord('INSERT', kept), streamRecord('INSERT', withdrawn)))).toEqual({
    batchItemFailures: [],
  });
  expect(subjectsTo(ANN)).toEqual(['2 new withdrawal requests for $1,434.56']);
});

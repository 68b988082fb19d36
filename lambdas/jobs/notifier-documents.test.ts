/**
 * The notifier's confirmations against the notifier's fakes and a fake bucket at the S3 client's
 * `send`: written before the record's e-mails, once however often the record comes, retried as a
 * failed e-mail is when the bucket refuses, and written even where e-mails are off.
 */
import { SAMPLE_FIRM } from '../../shared/test-support/sample-firm';
import { keys } from '../lib/data/table';
import { s3Client } from '../lib/runtime/clients';
import { logger } from '../lib/runtime/logger';
import { resetRuntime } from '../lib/runtime/runtime';
import { eventOf, NotifierFakes, streamRecord as record } from '../notifications/test-support/notifier-fakes';
import { CLIENT_EMAIL, entryItem, profileItem, SUB } from '../notifications/test-support/stream-records';
import { handler } from './notifier';

type S3Command = { constructor: { name: string }; input: { Key?: string; Body?: Uint8Array } };

let fakes: NotifierFakes;
const objects = new Map<string, Uint8Array>();
let s3Failures = 0;

function install(options: { mailer?: boolean } = {}) {
  fakes = new NotifierFakes();
  fakes.install({ ...options, documents: { ...SAMPLE_FIRM } });
  fakes.put(profileItem('Jane'));
  jest.spyOn(s3Client(), 'send').mockImplementation((async (command: S3Command) => {
    const key = command.input.Key ?? '';
    if (s3Failures > 0) {
      s3Failures--;
      throw Object.assign(new Error('S3 is down'), { $metadata: { httpStatusCode: 503 } });
    }
    if (command.constructor.name === 'HeadObjectCommand')
      return { ContentLength: objects.get(key)?.byteLength, ChecksumSHA256: undefined };
    if (objects.has(key)) throw Object.assign(new Error('PreconditionFailed'), { $metadata: { httpStatusCode: 412 } });
    objects.set(key, command.input.Body ?? new Uint8Array());
    return {};
  }) as never);
}

beforeEach(() => {
  objects.clear();
  s3Failures = 0;
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  jest.spyOn(logger, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

const deposit = () => entryItem({ type: 'deposit', amountCents: 123_456, balanceAfterCents: 223_456 });
const documents = () => [...fakes.rows.values()].filter((item) => String(item.SK).startsWith(keys.documentPrefix));

it("writes a deposit's confirmation before its e-mail, once however often the record comes", async () => {
  install();
  const r = record('INSERT', deposit());
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(await handler(eventOf(r, r))).toEqual({ batchItemFailures: [] });
  expect(documents()).toHaveLength(1);
  expect(documents()[0]).toMatchObject({ kind: 'deposit-confirmation', PK: keys.clientPk(SUB) });
  expect(objects.size).toBe(1);
  expect(fakes.to(CLIENT_EMAIL)).toHaveLength(1);
});

it('retries the record when the confirmation cannot be written, as for a failed e-mail, and sends nothing twice', async () => {
  install();
  const r = record('INSERT', deposit());
  s3Failures = 1;
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [{ itemIdentifier: r.dynamodb?.SequenceNumber }] });
  expect(documents()).toEqual([]);
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(documents()).toHaveLength(1);
  expect(fakes.to(CLIENT_EMAIL)).toHaveLength(1);
});

it('writes confirmations where e-mails are off', async () => {
  install({ mailer: false });
  expect(await handler(eventOf(record('INSERT', deposit())))).toEqual({ batchItemFailures: [] });
  expect(documents()).toHaveLength(1);
  expect(fakes.sent).toEqual([]);
});

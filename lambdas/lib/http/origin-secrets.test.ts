import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import {
  memorySecretStore,
  MISMATCH_REFRESH_MS,
  originGate,
  SECRET_CACHE_MS,
  secretsManagerSource,
} from './origin-secrets';
import type { SecretVersions } from '../runtime/hooks';

function countingStore(initial: string) {
  const store = memorySecretStore(initial);
  let reads = 0;
  const source = async (): Promise<SecretVersions> => {
    reads += 1;
    return store.source();
  };
  return { source, rotate: store.rotate, reads: () => reads };
}

describe('the origin gate', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('passes the current value and refuses a missing, empty or wrong one', async () => {
    const gate = originGate(memorySecretStore('s3cret-one').source, now);
    expect(await gate('s3cret-one')).toBe(true);
    expect(await gate(undefined)).toBe(false);
    expect(await gate('')).toBe(false);
    expect(await gate('s3cret-on')).toBe(false);
    expect(await gate('s3cret-one ')).toBe(false);
  });

  it('rotates with no window of refusals: the old value passes until the next rotation, the new one at once', async () => {
    const store = countingStore('old');
    const gate = originGate(store.source, now);
    expect(await gate('old')).toBe(true);
    store.rotate('new');
    // CloudFront still sends the old value: the cached one passes with no read.
    expect(await gate('old')).toBe(true);
    // Its configuration caught up before the cache aged: the unknown value makes the gate look again.
    clock += MISMATCH_REFRESH_MS;
    expect(await gate('new')).toBe(true);
    expect(await gate('old')).toBe(true);
    store.rotate('newer');
    clock += SECRET_CACHE_MS;
    expect(await gate('old')).toBe(false);
    expect(await gate('new')).toBe(true);
    expect(await gate('newer')).toBe(true);
  });

  it('reads the source once per cache age, and a stream of forged values at most once per refresh interval', async () => {
    const store = countingStore('right');
    const gate = originGate(store.source, now);
    await Promise.all(Array.from({ length: 20 }, () => gate('right')));
    expect(store.reads()).toBe(1);
    for (let i = 0; i < 50; i += 1) expect(await gate(`forged-${i}`)).toBe(false);
    expect(store.reads()).toBe(1);
    clock += MISMATCH_REFRESH_MS;
    for (let i = 0; i < 50; i += 1) await gate(`forged-${i}`);
    expect(store.reads()).toBe(2);
    clock += SECRET_CACHE_MS;
    await gate('right');
    expect(store.reads()).toBe(3);
  });

  it('fails closed when the source cannot be read, and reads again next time', async () => {
    let fail = true;
    const gate = originGate(async () => {
      if (fail) throw new Error('throttled');
      return { current: 'right' };
    }, now);
    await expect(gate('right')).rejects.toThrow('throttled');
    fail = false;
    expect(await gate('right')).toBe(true);
  });
});

describe('the Secrets Manager source', () => {
  function clientAnswering(versions: Partial<Record<'AWSCURRENT' | 'AWSPREVIOUS', string>>) {
    const client = new SecretsManagerClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    });
    const asked: unknown[] = [];
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Jest types the spy by send's last overload (the callback one); the client calls the promise one
    jest.spyOn(client, 'send').mockImplementation(async (command: unknown) => {
      const input = (command as GetSecretValueCommand).input;
      asked.push(input);
      const value = versions[input.VersionStage as 'AWSCURRENT' | 'AWSPREVIOUS'];
      if (value === undefined) throw new ResourceNotFoundException({ message: 'no such version', $metadata: {} });
      return { SecretString: value };
    });
    return { client, asked };
  }

  it('reads the current and the previous version of the named secret', async () => {
    const { client, asked } = clientAnswering({ AWSCURRENT: 'new', AWSPREVIOUS: 'old' });
    expect(await secretsManagerSource(client, 'arn:aws:secretsmanager:eu-west-1:1:secret:origin')()).toEqual({
      current: 'new',
      previous: 'old',
    });
    expect(asked).toEqual([
      { SecretId: 'arn:aws:secretsmanager:eu-west-1:1:secret:origin', VersionStage: 'AWSCURRENT' },
      { SecretId: 'arn:aws:secretsmanager:eu-west-1:1:secret:origin', VersionStage: 'AWSPREVIOUS' },
    ]);
  });

  it('takes a secret never rotated, and refuses one with no current value', async () => {
    expect(await secretsManagerSource(clientAnswering({ AWSCURRENT: 'only' }).client, 'origin')()).toEqual({
      current: 'only',
      previous: undefined,
    });
    await expect(secretsManagerSource(clientAnswering({}).client, 'origin')()).rejects.toThrow(
      ResourceNotFoundException,
    );
  });
});

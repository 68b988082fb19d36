import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BACKEND_SECRET_CACHE_MS, cachedSecretValue } from './cognito-backend-secret';
import { COGNITO_BACKEND_HEADER, sendBackendHeader } from './cognito-backend-header';
import { cognitoClient } from './cognito-client';
import { configureRuntime, resetRuntime } from '../runtime/runtime';
import { settingsFromEnvironment } from '../runtime/settings';

const ARN = 'arn:aws:secretsmanager:eu-west-1:604512398761:secret:backend-AbCdEf';

function secretsAnswering(values: (string | Error)[]) {
  const asked: unknown[] = [];
  const client = {
    send: jest.fn(async (command: GetSecretValueCommand) => {
      asked.push(command.input);
      const next = values.shift();
      if (next instanceof Error) throw next;
      return { SecretString: next };
    }),
  } as unknown as SecretsManagerClient;
  return { client, asked };
}

describe('the firewall pass read at run time', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('reads the current value of the named secret once, then keeps it for a minute only', async () => {
    const { client, asked } = secretsAnswering(['one', 'two']);
    const value = cachedSecretValue(client, ARN, now);
    expect(await Promise.all([value(), value()])).toEqual(['one', 'one']);
    clock += BACKEND_SECRET_CACHE_MS - 1;
    expect(await value()).toBe('one');
    expect(asked).toEqual([{ SecretId: ARN }]);
    clock += 1;
    expect(await value()).toBe('two');
    expect(asked).toHaveLength(2);
    expect(BACKEND_SECRET_CACHE_MS).toBeLessThanOrEqual(60_000);
  });

  it('keeps no failure: a failed read fails the call, and the next call reads again', async () => {
    const { client } = secretsAnswering([new Error('throttled'), '', 'good']);
    const value = cachedSecretValue(client, ARN, now);
    await expect(value()).rejects.toThrow('throttled');
    await expect(value()).rejects.toThrow('holds no text');
    expect(await value()).toBe('good');
  });
});

describe('the Cognito client of a function', () => {
  afterEach(() => resetRuntime());

  /** The backend header the client sends, caught before anything leaves the process. */
  async function headerSent(client: CognitoIdentityProviderClient): Promise<string | undefined> {
    let seen: string | undefined;
    client.middlewareStack.add(
      () => async (args) => {
        seen = (args.request as { headers: Record<string, string> }).headers[COGNITO_BACKEND_HEADER];
        throw new Error('stop: caught');
      },
      { step: 'finalizeRequest', name: 'catchHeader' },
    );
    await expect(client.send(new GetUserCommand({ AccessToken: 'token' }))).rejects.toThrow('stop: caught');
    return seen;
  }

  it('never takes the pass from the environment, only the name of the secret that holds it', () => {
    const settings = settingsFromEnvironment({ COGNITO_BACKEND_SECRET: 'from-env', COGNITO_BACKEND_SECRET_ARN: ARN });
    expect(settings.cognitoBackendSecret).toBeUndefined();
    expect(settings.cognitoBackendSecretArn).toBe(ARN);
  });

  it('sends the value read from Secrets Manager at the moment of the call', async () => {
    const send = jest
      .spyOn(SecretsManagerClient.prototype, 'send')
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Jest types the spy by send's last overload (the callback one); the client calls the promise one
      .mockImplementation(async () => ({ SecretString: 'read-at-run-time' }));
    try {
      configureRuntime({
        tableName: 't',
        region: 'eu-west-1',
        cognitoBackendSecretArn: ARN,
        credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
      });
      expect(await headerSent(cognitoClient())).toBe('read-at-run-time');
      expect((send.mock.calls[0]?.[0] as GetSecretValueCommand).input).toEqual({ SecretId: ARN });
    } finally {
      send.mockRestore();
    }
  });

  it('sends a value given explicitly (the local stack) as it is, and nothing without either', async () => {
    configureRuntime({
      tableName: 't',
      region: 'eu-west-1',
      cognitoBackendSecret: 'local-pass',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    });
    expect(await headerSent(cognitoClient())).toBe('local-pass');
    configureRuntime({ tableName: 't', region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    expect(await headerSent(cognitoClient())).toBeUndefined();
  });

  it('lets a caller add a header read by a function', async () => {
    const client = new CognitoIdentityProviderClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    });
    sendBackendHeader(client, async () => 'lazy');
    expect(await headerSent(client)).toBe('lazy');
  });
});

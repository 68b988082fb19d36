/**
 * The runtime's settings and clients: read from the environment as the CDK stack sets it, or
 * given explicitly (the local stack, tests); each client created once, on first use, from the
 * settings current then; and nothing read or created when the handler modules are loaded.
 */
import { routes } from '../../../shared/api';
import { config } from './config';
import { documentClient } from './clients';
import { configureRuntime, resetRuntime, runtimeSettings } from './runtime';
import { settingsFromEnvironment } from './settings';
import { SAMPLE_FIRM } from '../../../shared/test-support/sample-firm';

afterEach(() => resetRuntime());

describe('settings from the environment', () => {
  it('default to the product table, us-east-1, a minute of admin trust and the local site', () => {
    expect(settingsFromEnvironment({})).toEqual({
      tableName: 'aurum-portal',
      region: 'us-east-1',
      dynamoEndpoint: undefined,
      cognitoEndpoint: undefined,
      userPoolId: undefined,
      credentials: undefined,
      adminRecheckMs: 60_000,
      originSecretArn: undefined,
      siteUrl: 'http://localhost:3000',
      notifyFrom: undefined,
      notifyConfigurationSet: undefined,
      weeklyGrowthPageSize: 200,
      publishMetrics: true,
    });
  });

  it('take what the CDK stack sets, the site without its trailing slash, and empty as unset', () => {
    const env = {
      TABLE_NAME: 'aurum-qa',
      AWS_REGION: 'eu-west-1',
      DYNAMODB_ENDPOINT: '',
      COGNITO_ENDPOINT: 'http://127.0.0.1:9229',
      USER_POOL_ID: 'eu-west-1_abc',
      ADMIN_RECHECK_SECONDS: '5',
      ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:604512398761:secret:origin-AbCdEf',
      SITE_URL: 'https://portal.example.com/',
      NOTIFY_FROM: 'Aurum <no-reply@aurum.example>',
      NOTIFY_CONFIGURATION_SET: '',
      FOUR_EYES_THRESHOLD_CENTS: '2500000',
    };
    expect(settingsFromEnvironment(env)).toEqual({
      tableName: 'aurum-qa',
      region: 'eu-west-1',
      dynamoEndpoint: undefined,
      cognitoEndpoint: 'http://127.0.0.1:9229',
      userPoolId: 'eu-west-1_abc',
      credentials: undefined,
      adminRecheckMs: 5000,
      originSecretArn: 'arn:aws:secretsmanager:eu-west-1:604512398761:secret:origin-AbCdEf',
      siteUrl: 'https://portal.example.com',
      notifyFrom: 'Aurum <no-reply@aurum.example>',
      notifyConfigurationSet: undefined,
      weeklyGrowthPageSize: 200,
      publishMetrics: true,
      fourEyesThresholdCents: 2_500_000,
    });
  });

  it.each<[string | undefined, number | undefined]>([
    ['1000000', 1_000_000],
    ['0', 0],
    [undefined, undefined],
    ['', undefined],
    ['12.5', undefined],
    ['-100', undefined],
    ['lots', undefined],
    ['99999999999999999999', undefined],
  ])('take FOUR_EYES_THRESHOLD_CENTS=%p as %p: whole cents or nothing, never a guess', (cents, threshold) => {
    const env = cents === undefined ? {} : { FOUR_EYES_THRESHOLD_CENTS: cents };
    expect(settingsFromEnvironment(env).fourEyesThresholdCents).toBe(threshold);
  });

  it.each<[string | undefined, string | undefined]>([
    ['open', 'open'],
    ['review', 'review'],
    [undefined, undefined],
    ['', undefined],
    ['Review', undefined],
  ])('take CLIENT_SIGN_UP=%p as %p: a known mode or nothing, so that reading it throws', (mode, read) => {
    const env = mode === undefined ? {} : { CLIENT_SIGN_UP: mode };
    expect(settingsFromEnvironment(env).clientSignUp).toBe(read);
  });

  it.each<[string | undefined, boolean | undefined]>([
    ['true', true],
    ['false', false],
    [undefined, undefined],
    ['', undefined],
    ['1', undefined],
    ['TRUE', undefined],
  ])(
    'take ADMIN_PASSKEY_REQUIRED=%p as %p: the flag as the stack writes it or nothing, so that reading it throws',
    (text, read) => {
      const env = text === undefined ? {} : { ADMIN_PASSKEY_REQUIRED: text };
      expect(settingsFromEnvironment(env).adminPasskeyRequired).toBe(read);
    },
  );

  it.each<[string | undefined, readonly string[] | undefined]>([
    ['["Bank","IBAN: XX00"]', ['Bank', 'IBAN: XX00']],
    ['[]', []],
    [undefined, undefined],
    ['', undefined],
    ['Bank', undefined],
    ['[1]', undefined],
    ['["Bank",""]', undefined],
    ['{"a":"b"}', undefined],
  ])('take FUNDING_INSTRUCTIONS=%p as %p: lines of text or nothing', (json, lines) => {
    const env = json === undefined ? {} : { FUNDING_INSTRUCTIONS: json };
    expect(settingsFromEnvironment(env).fundingInstructions).toEqual(lines);
  });

  it("takes FIRM_DETAILS as the firm's whole details or nothing, and config.firm throws without them", () => {
    const firm = { ...SAMPLE_FIRM, address: ['1 Gold Street', 'London'] };
    expect(settingsFromEnvironment({ FIRM_DETAILS: JSON.stringify(firm) }).firm).toEqual(firm);
    for (const text of ['', 'Aurum', '{"legalName":"Aurum"}', JSON.stringify({ ...firm, address: 'London' })])
      expect(settingsFromEnvironment({ FIRM_DETAILS: text }).firm).toBeUndefined();
    configureRuntime({ tableName: 't', region: 'us-east-1' });
    expect(() => config.firm).toThrow('FIRM_DETAILS is not set');
  });

  it.each([
    ['120', 60_000],
    ['60', 60_000],
    ['0.5', 500],
    ['0', 0],
    ['-5', 0],
    ['', 0],
    ['soon', 60_000],
  ])('keep ADMIN_RECHECK_SECONDS=%p within 0 to 60 s: %p ms', (seconds, ms) => {
    expect(settingsFromEnvironment({ ADMIN_RECHECK_SECONDS: seconds }).adminRecheckMs).toBe(ms);
  });

  it('are read on first use, then kept (a container reads its environment once)', () => {
    const saved = process.env.TABLE_NAME;
    try {
      process.env.TABLE_NAME = 'first';
      expect(config.tableName).toBe('first');
      process.env.TABLE_NAME = 'second';
      expect(config.tableName).toBe('first');
    } finally {
      if (saved === undefined) delete process.env.TABLE_NAME;
      else process.env.TABLE_NAME = saved;
    }
  });
});

describe('explicit settings', () => {
  const local = {
    tableName: 't',
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };

  it('replace the environment, with the same defaults and limits', () => {
    configureRuntime({ ...local, adminRecheckMs: 600_000, siteUrl: 'http://localhost:4000/' });
    expect(runtimeSettings()).toMatchObject({
      tableName: 't',
      adminRecheckMs: 60_000,
      siteUrl: 'http://localhost:4000',
      userPoolId: undefined,
    });
    expect(config.siteUrl).toBe('http://localhost:4000');
  });

  it('make config.fourEyesThresholdCents throw when read without one: a missing threshold must never mean no limit', () => {
    configureRuntime(local);
    expect(() => config.tableName).not.toThrow();
    expect(() => config.fourEyesThresholdCents).toThrow('FOUR_EYES_THRESHOLD_CENTS is not set');
    configureRuntime({ ...local, fourEyesThresholdCents: 1_000_000 });
    expect(config.fourEyesThresholdCents).toBe(1_000_000);
    configureRuntime({ ...local, fourEyesThresholdCents: 10.5 });
    expect(() => config.fourEyesThresholdCents).toThrow('FOUR_EYES_THRESHOLD_CENTS is not set');
  });

  it('make config.userPoolId throw only when read without one', () => {
    configureRuntime(local);
    expect(() => config.tableName).not.toThrow();
    expect(() => config.userPoolId).toThrow('USER_POOL_ID is not set');
    configureRuntime({ ...local, userPoolId: 'us-east-1_local' });
    expect(config.userPoolId).toBe('us-east-1_local');
  });

  it('give one DynamoDB client, created from them on first use; a new configuration gives a new one', async () => {
    configureRuntime({ ...local, dynamoEndpoint: 'http://127.0.0.1:8001' });
    const first = documentClient();
    expect(documentClient()).toBe(first);
    expect(await first.config.endpoint?.()).toMatchObject({ hostname: '127.0.0.1', port: 8001 });
    expect(await first.config.credentials()).toMatchObject({ accessKeyId: 'local' });
    // As today: standard retries, 4 attempts, undefined attributes dropped.
    expect(await first.config.maxAttempts()).toBe(4);
    expect(await first.config.retryStrategy()).toMatchObject({ mode: 'standard' });
    expect(first.config.translateConfig?.marshallOptions).toEqual({ removeUndefinedValues: true });

    configureRuntime({ ...local, region: 'eu-west-1', dynamoEndpoint: 'http://127.0.0.1:8002' });
    const second = documentClient();
    expect(second).not.toBe(first);
    expect(await second.config.endpoint?.()).toMatchObject({ port: 8002 });
    expect(await second.config.region()).toBe('eu-west-1');
  });

  it('hand each DynamoDB client they create to the hook, before it is used', () => {
    const seen: unknown[] = [];
    configureRuntime(local, { onDynamoClient: (client) => seen.push(client) });
    const client = documentClient();
    documentClient();
    expect(seen).toEqual([client]);
    // The hook belongs to its configuration: a later one without it installs nothing.
    configureRuntime(local);
    documentClient();
    expect(seen).toHaveLength(1);
  });
});

describe('loading the handler modules', () => {
  /** What the runtime reads from the environment (AWS_REGION is left out: Powertools reads it too). */
  const RUNTIME_VARIABLES = [
    'TABLE_NAME',
    'DYNAMODB_ENDPOINT',
    'COGNITO_ENDPOINT',
    'USER_POOL_ID',
    'ADMIN_RECHECK_SECONDS',
    'ORIGIN_SECRET_ARN',
    'SITE_URL',
    'NOTIFY_FROM',
    'NOTIFY_CONFIGURATION_SET',
    'FOUR_EYES_THRESHOLD_CENTS',
  ];
  const saved = process.env;
  afterEach(() => {
    process.env = saved;
  });

  it('creates no SDK client and reads no setting: that waits for the first use', async () => {
    const read = new Set<string>();
    process.env = new Proxy(
      { ...saved },
      {
        get(target, name) {
          if (typeof name === 'string') read.add(name);
          return Reflect.get(target, name);
        },
      },
    );
    const created: string[] = [];
    await jest.isolateModulesAsync(async () => {
      jest.doMock('@aws-sdk/client-dynamodb', () => {
        const actual = jest.requireActual<typeof import('@aws-sdk/client-dynamodb')>('@aws-sdk/client-dynamodb');
        class CountedClient extends actual.DynamoDBClient {
          constructor(...args: ConstructorParameters<typeof actual.DynamoDBClient>) {
            super(...args);
            created.push('DynamoDB');
          }
        }
        return { ...actual, DynamoDBClient: CountedClient };
      });
      jest.doMock('@aws-sdk/client-cognito-identity-provider', () => {
        const actual = jest.requireActual<typeof import('@aws-sdk/client-cognito-identity-provider')>(
          '@aws-sdk/client-cognito-identity-provider',
        );
        class CountedClient extends actual.CognitoIdentityProviderClient {
          constructor(...args: ConstructorParameters<typeof actual.CognitoIdentityProviderClient>) {
            super(...args);
            created.push('Cognito');
          }
        }
        return { ...actual, CognitoIdentityProviderClient: CountedClient };
      });

      for (const route of routes) await import(`../../http/${route.name}`);
      await import('../../triggers/pre-sign-up');
      await import('../../triggers/post-confirmation');
      await import('../../triggers/custom-message');
      await import('../../jobs/weekly-growth');
      await import('../../jobs/notifier');
      expect(created).toEqual([]);
      expect(RUNTIME_VARIABLES.filter((name) => read.has(name))).toEqual([]);

      // The first use reads them and creates the client, once.
      const runtime: typeof import('./runtime') = await import('./runtime');
      const clients: typeof import('./clients') = await import('./clients');
      clients.documentClient();
      clients.documentClient();
      expect(created).toEqual(['DynamoDB']);
      expect(read.has('TABLE_NAME') && read.has('USER_POOL_ID')).toBe(true);
      runtime.resetRuntime();
    });
    jest.dontMock('@aws-sdk/client-dynamodb');
    jest.dontMock('@aws-sdk/client-cognito-identity-provider');
  });
});

/** The Cognito client is kept as the runtime keeps its own clients: one per configuration, made on first use. */
import { cognitoClient } from './cognito-client';
import { configureRuntime, resetRuntime } from '../runtime/runtime';

afterEach(() => resetRuntime());

const local = { tableName: 't', region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

it('is one client, created from the settings on first use; a new configuration gives a new one', async () => {
  configureRuntime({ ...local, cognitoEndpoint: 'http://127.0.0.1:9001' });
  const first = cognitoClient();
  expect(cognitoClient()).toBe(first);
  expect(await first.config.endpoint?.()).toMatchObject({ port: 9001 });

  configureRuntime({ ...local, cognitoEndpoint: 'http://127.0.0.1:9002' });
  expect(cognitoClient()).not.toBe(first);
  expect(await cognitoClient().config.endpoint?.()).toMatchObject({ port: 9002 });
});

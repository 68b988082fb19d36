/**
 * DynamoDB Local answers on the loopback address only: another address of this machine (a
 * network interface's, as `hostname -I` lists them) refuses the connection, so nobody on the
 * network reaches the local table, whatever credentials they sign with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { type LocalDynamo, startLocalDynamo } from '../../infra/local/dynamo';

let dataDir: string;
let dynamo: LocalDynamo;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'aurum-loopback-'));
  dynamo = await startLocalDynamo({ dataDir, inMemory: true });
}, 120_000);
afterAll(async () => {
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** 'open' when a TCP connection to host:port is accepted, else the error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('ETIMEDOUT');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

it('answers on 127.0.0.1 and refuses connections on every other address of the machine', async () => {
  const port = Number(new URL(dynamo.endpoint).port);
  expect(new URL(dynamo.endpoint).hostname).toBe('127.0.0.1');
  expect(await dynamo.client.send(new ListTablesCommand({}))).toMatchObject({ TableNames: [] });
  expect(await tryConnect('127.0.0.1', port)).toBe('open');
  const others = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal)
    .map((a) => a?.address as string);
  // A machine with no network has nothing to reach it from; this one (and CI) has at least one address.
  expect(others.length).toBeGreaterThan(0);
  for (const address of others)
    expect({ address, answer: await tryConnect(address, port) }).toEqual({ address, answer: 'ECONNREFUSED' });
});

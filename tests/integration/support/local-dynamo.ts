/**
 * DynamoDB Local, in memory, for the tests of one file that reach the table without a whole
 * stack (the stream pollers, the handlers' data code): started before the file's tests in a data
 * folder of its own, stopped after them with its folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type LocalDynamo, startLocalDynamo } from '../../../infra/local/dynamo';

export interface FileDynamo {
  readonly dynamo: LocalDynamo;
  /** A document client on it, unchecked. */
  readonly doc: DynamoDBDocumentClient;
  /** Its data folder, where a test may keep files of its own too. */
  readonly dataDir: string;
}

export function useLocalDynamo(name: string): FileDynamo {
  let started: { dynamo: LocalDynamo; doc: DynamoDBDocumentClient; dataDir: string } | undefined;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `aurum-${name}-`));
    const dynamo = await startLocalDynamo({ dataDir, inMemory: true });
    started = { dynamo, doc: DynamoDBDocumentClient.from(dynamo.client), dataDir };
  });
  afterAll(async () => {
    started?.doc.destroy();
    await started?.dynamo.stop();
    if (started) rmSync(started.dataDir, { recursive: true, force: true });
  });
  const get = () => {
    if (!started) throw new Error('DynamoDB Local is not started yet: use it in a test or a hook');
    return started;
  };
  return {
    get dynamo() {
      return get().dynamo;
    },
    get doc() {
      return get().doc;
    },
    get dataDir() {
      return get().dataDir;
    },
  };
}

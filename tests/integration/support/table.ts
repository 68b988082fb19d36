/** Direct reads of a test stack's table, to check what the API wrote (and that refusals wrote nothing). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys, requestIds, totalsKeys } from '../../../lambdas/lib/data/table';
import { type LedgerEntry, replayLedger } from '../../../shared/growth';
import type { TestStack } from './stack';
import { eventually } from './eventually';

export class TableReader {
  private readonly doc: DynamoDBDocumentClient;

  constructor(private readonly stack: TestStack) {
    this.doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamoEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
  }

  destroy(): void {
    this.doc.destroy();
  }

  async profile(sub: string): Promise<Record<string, unknown> | undefined> {
    return this.item(keys.profile(sub));
  }

  /** Any item by its key, as stored now. */
  async item(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.stack.tableName, Key: key, ConsistentRead: true }),
    );
    return Item;
  }

  /** Writes items as they are (25 a request), for tests that need many clients without signing each up. */
  async putItems(items: readonly Record<string, unknown>[]): Promise<void> {
    for (let i = 0; i < items.length; i += 25) {
      let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [this.stack.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
      };
      while (requests && Object.keys(requests).length > 0) {
        const { UnprocessedItems } = await this.doc.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = UnprocessedItems as typeof requests;
      }
    }
  }

  /** Sets an attribute of a profile as it is stored, as on a profile written under other settings (an older agreement's acceptance). */
  async setProfileAttribute(sub: string, name: string, value: unknown): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.stack.tableName,
        Key: keys.profile(sub),
        UpdateExpression: 'SET #n = :v',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#n': name },
        ExpressionAttributeValues: { ':v': value },
      }),
    );
  }

  /** Removes an attribute from a profile, as on an item written before the attribute existed. */
  async forgetProfileAttribute(sub: string, name: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.stack.tableName,
        Key: keys.profile(sub),
        UpdateExpression: 'REMOVE #n',
        ExpressionAttributeNames: { '#n': name },
      }),
    );
  }

  /** Sets one attribute of an existing item, as if the days the API would take to reach it had passed. */
  async setAttribute(key: { PK: string; SK: string }, name: string, value: unknown): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.stack.tableName,
        Key: key,
        UpdateExpression: 'SET #n = :v',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#n': name },
        ExpressionAttributeValues: { ':v': value },
      }),
    );
  }

  /** Zeroes every bucket of the admin totals, as on a table whose clients existed before the totals were kept. */
  async forgetTotals(): Promise<void> {
    const partitions = await Promise.all(
      totalsKeys.allPartitions().map((pk) =>
        this.doc.send(
          new QueryCommand({
            TableName: this.stack.tableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': pk },
          }),
        ),
      ),
    );
    for (const bucket of partitions.flatMap((p) => p.Items ?? [])) {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.stack.tableName,
          Key: { PK: bucket.PK, SK: bucket.SK },
          UpdateExpression: 'SET clients = :z, balanceCents = :z, weeklyGainHundredths = :z',
          ExpressionAttributeValues: { ':z': 0 },
        }),
      );
    }
  }

  /**
   * The client's items under `prefix` (all of them by default). A whole-client or documents read
   * first waits, a while, for the confirmations the notifier writes from the stream after each
   * deposit, withdrawal and payout: a snapshot taken before a refused request then equals the one
   * taken after, whatever the stream's pace.
   */
  async items(sub: string, prefix = ''): Promise<Record<string, unknown>[]> {
    if (prefix !== '' && prefix !== keys.documentPrefix) return this.query(sub, prefix);
    const settled = async () => {
      const all = await this.query(sub, '');
      const confirmed = new Set(all.filter((i) => String(i.SK).startsWith(keys.documentPrefix)).map((i) => i.ref));
      const due = all.filter(
        (i) =>
          (String(i.SK).startsWith(keys.entryPrefix) && (i.type === 'deposit' || i.type === 'withdrawal')) ||
          (String(i.SK).startsWith(keys.requestPrefix) && i.sentAt !== undefined),
      );
      const refOf = (i: Record<string, unknown>) =>
        String(i.SK).startsWith(keys.entryPrefix)
          ? i.entryId
          : (i.requestId ?? requestIds.make(sub, String(i.SK).slice(keys.requestPrefix.length)));
      const missing = due.filter((i) => !confirmed.has(refOf(i)));
      if (missing.length > 0) throw new Error(`no confirmation yet of ${missing.map((i) => String(i.SK)).join(', ')}`);
    };
    await eventually(settled, 20_000, 200).catch(() => undefined);
    return this.query(sub, prefix);
  }

  private async query(sub: string, prefix: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.stack.tableName,
          KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.clientPk(sub), ...(prefix ? { ':p': prefix } : {}) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }

  async ledger(sub: string): Promise<LedgerEntry[]> {
    return (await this.items(sub, 'ENTRY#')).map((i) => ({
      id: String(i.entryId),
      type: i.type as LedgerEntry['type'],
      amountCents: Number(i.amountCents),
      at: Date.parse(String(i.at)),
    }));
  }

  /**
   * The stored B, net and L, next to a replay of the stored ledger at L; and G(L), the unrounded
   * grown sum the weekly job grows from: 'as replayed' on both sides when the stored one is the
   * replay's within a billionth (the same sum added in another order differs in its last bits).
   */
  async storedAndReplayed(sub: string) {
    const profile = await this.profile(sub);
    if (!profile) throw new Error(`no profile ${sub}`);
    const lastUpdate = Date.parse(String(profile.lastUpdate));
    const replay = replayLedger(await this.ledger(sub), lastUpdate);
    const storedG = profile.grownUnrounded === undefined ? undefined : Number(profile.grownUnrounded);
    const replayG = replay.grownUnrounded ?? 0;
    const same = storedG !== undefined && Math.abs(storedG - replayG) <= 1e-9 * Math.max(1, Math.abs(replayG));
    return {
      stored: {
        balanceCents: Number(profile.balanceCents),
        netCents: Number(profile.netCents),
        lastUpdate,
        grown: same ? 'as replayed' : storedG,
      },
      replayed: {
        balanceCents: replay.balanceCents,
        netCents: replay.netCents,
        lastUpdate,
        grown: same ? 'as replayed' : replayG,
      },
    };
  }
}

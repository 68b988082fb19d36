/**
 * Test fakes for the notifier: a table at the document client's `send` that honours the two
 * conditions the sent markers are written with (notifications/sent-marker.ts), an admin group at
 * Cognito's `send`, a mailer that records or refuses, and stream records as Lambda delivers them.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { OutgoingMail } from '../../lib/runtime/mailer';
import { cognitoClient } from '../../lib/cognito/cognito-client';
import { documentClient } from '../../lib/runtime/clients';
import { configureRuntime } from '../../lib/runtime/runtime';
import type { FirmDetails } from '../../../shared/site-config';

type Item = Record<string, unknown>;
// The fakes read whatever a command carries, as the real services do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: a command's input is each command's own shape
type Command = { constructor: { name: string }; input: Record<string, any> };

export interface FakeAdmin {
  email: string;
  sub: string;
  enabled: boolean;
  firstName?: string;
}

export const SITE_URL = 'https://portal.example.com';

const keyOf = (key: { PK: unknown; SK: unknown }) => `${String(key.PK)}|${String(key.SK)}`;
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

export class NotifierFakes {
  readonly rows = new Map<string, Item>();
  sent: OutgoingMail[] = [];
  admins: FakeAdmin[] = [];
  /** Whether the mailer refuses an e-mail (as SES may). */
  refuse: (mail: OutgoingMail) => boolean = () => false;
  /** How many admins one page of the group lists (all of them when unset), to prove the paging. */
  adminsPerPage?: number;

  /**
   * Configures the runtime with these fakes, without a mailer when `mailer` is false (notifications
   * off); call in beforeEach, restore mocks and reset the runtime after.
   */
  install(options: { mailer?: boolean; documents?: FirmDetails } = {}): void {
    configureRuntime(
      {
        tableName: 't',
        region: 'us-east-1',
        userPoolId: 'us-east-1_pool',
        siteUrl: SITE_URL,
        credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
        // Given a firm, the notifier writes documents, to a bucket whose fake is the test's own.
        ...(options.documents ? { documentsBucket: 'documents', firm: options.documents } : {}),
      },
      options.mailer === false
        ? {}
        : {
            mailer: async (mail) => {
              if (this.refuse(mail)) throw new Error('SES is down');
              this.sent.push(mail);
            },
          },
    );
    jest.spyOn(documentClient(), 'send').mockImplementation(((command: Command) => this.dynamo(command)) as never);
    jest.spyOn(cognitoClient(), 'send').mockImplementation(((command: Command) => this.cognito(command)) as never);
  }

  put(item: Item): void {
    this.rows.set(keyOf(item as { PK: unknown; SK: unknown }), item);
  }

  get(key: { PK: unknown; SK: unknown }): Item | undefined {
    return this.rows.get(keyOf(key));
  }

  /** The e-mails sent to an address. */
  to(address: string): OutgoingMail[] {
    return this.sent.filter((m) => m.to === address);
  }

  private async dynamo(command: Command): Promise<unknown> {
    const input = command.input;
    if (command.constructor.name === 'GetCommand') return { Item: this.rows.get(keyOf(input.Key)) };
    if (command.constructor.name !== 'PutCommand') throw new Error(`unexpected command ${command.constructor.name}`);
    const existing = this.rows.get(keyOf(input.Item));
    const values = input.ExpressionAttributeValues ?? {};
    const condition: string | undefined = input.ConditionExpression;
    let ok = true;
    if (condition?.startsWith('attribute_not_exists(PK) OR')) {
      const sameRecord = condition.includes('deliveryId = :delivery') && existing?.deliveryId === values[':delivery'];
      ok =
        !existing ||
        existing.status === 'failed' ||
        (existing.status === 'sending' && ((existing.claimedAt as number) < values[':stale'] || sameRecord));
    } else if (condition === 'attribute_not_exists(PK)') {
      ok = !existing;
    } else if (condition === 'claimToken = :token') {
      ok = existing?.claimToken === values[':token'];
    } else if (condition) throw new Error(`unexpected condition ${condition}`);
    if (!ok) throw conditionFailed();
    this.rows.set(keyOf(input.Item), input.Item);
    return {};
  }

  private async cognito(command: Command): Promise<unknown> {
    if (command.constructor.name !== 'ListUsersInGroupCommand')
      throw new Error(`unexpected command ${command.constructor.name}`);
    const from = Number(command.input.NextToken ?? 0);
    const to = this.adminsPerPage === undefined ? this.admins.length : from + this.adminsPerPage;
    return {
      Users: this.admins.slice(from, to).map((admin) => ({
        Username: admin.sub,
        Enabled: admin.enabled,
        Attributes: [
          { Name: 'email', Value: admin.email },
          { Name: 'sub', Value: admin.sub },
          ...(admin.firstName ? [{ Name: 'given_name', Value: admin.firstName }] : []),
        ],
      })),
      NextToken: to < this.admins.length ? String(to) : undefined,
    };
  }
}

let sequence = 0;

/** A stream record of `newItem` (and `oldItem` for a MODIFY), each with its own event id and sequence number. */
export function streamRecord(eventName: 'INSERT' | 'MODIFY', newItem: object, oldItem?: object): DynamoDBRecord {
  sequence++;
  return {
    eventID: `e${sequence}`,
    eventName,
    dynamodb: {
      SequenceNumber: String(1000 + sequence),
      NewImage: marshall(newItem, { removeUndefinedValues: true }) as never,
      ...(oldItem ? { OldImage: marshall(oldItem, { removeUndefinedValues: true }) as never } : {}),
    },
  };
}

export const eventOf = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/**
 * A new client's application (the stage's clientSignUp 'review'): the APPLICATION item beside
 * the applied profile, written in the profile's own creating transaction. While pending it is on
 * the queue (GSI3 APPLICATIONS#pending, oldest first); an administrator's decision sets its status
 * and takes it off the queue. Its INSERT and MODIFY are the e-mails (notifications/events.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationDto } from '../../../shared/answers';
import { keys } from './table';
import { ddb, table, type TransactItem } from '../runtime/db';
import { queryAll } from './query';
import { apiBucket, totalsDelta, totalsUpdate } from './client-totals';
import { clientIndexKeys, type NewClient, type Profile } from './profile-item';

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface ApplicationItem {
  PK: string;
  SK: 'APPLICATION';
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  /** ISO */
  appliedAt: string;
  status: ApplicationStatus;
  /** The deciding administrator's e-mail and sub, and when (ISO); set once, with the decision. */
  decidedBy?: string;
  decidedBySub?: string;
  decidedAt?: string;
  /** Why it was rejected: what the applicant is told. */
  reason?: string;
  GSI3PK?: string;
  GSI3SK?: string;
}

/** The pending application of a client whose applied profile is being created at `at`. */
export function newApplicationItem(client: NewClient, at: number): ApplicationItem {
  return {
    ...keys.application(client.sub),
    SK: 'APPLICATION',
    ...keys.pendingApplicationIndex(at, client.sub),
    sub: client.sub,
    email: client.email.toLowerCase(),
    firstName: client.firstName,
    lastName: client.lastName,
    appliedAt: new Date(at).toISOString(),
    status: 'pending',
  };
}

/** The application's Put, in the profile's creating transaction: written once, as the profile is. */
export function applicationPut(client: NewClient, at: number): TransactItem {
  return {
    Put: { TableName: table(), Item: newApplicationItem(client, at), ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** Who decides an application: an administrator's e-mail and sub. */
export interface Decider {
  email: string;
  sub: string;
}

/** The application's decision, if it is still pending: off the queue, with who decided it, when, and why. */
export function decisionUpdate(
  sub: string,
  decision: { status: 'approved' | 'rejected'; by: Decider; now: number; reason?: string },
): TransactItem {
  const reason = decision.reason === undefined ? {} : { ':reason': decision.reason };
  return {
    Update: {
      TableName: table(),
      Key: keys.application(sub),
      UpdateExpression: `SET #status = :decided, decidedBy = :by, decidedBySub = :bySub, decidedAt = :at${decision.reason === undefined ? '' : ', reason = :reason'} REMOVE GSI3PK, GSI3SK`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':decided': decision.status,
        ':pending': 'pending',
        ':by': decision.by.email,
        ':bySub': decision.by.sub,
        ':at': new Date(decision.now).toISOString(),
        ...reason,
      },
    },
  };
}

/**
 * The approval's writes, if the profile is still the applicant's as read: the profile active and
 * on every client index, one more client in the totals, and the application decided. The caller
 * adds its activity entry to the same transaction.
 */
export function approvalWrites(profile: Profile, by: Decider, now: number): TransactItem[] {
  const index = clientIndexKeys(profile, Date.parse(profile.lastUpdate));
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.profile(profile.sub),
        UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk, GSI4SK = :ek, GSI5SK = :bk, version = :next REMOVE #status',
        ConditionExpression: 'version = :v AND attribute_not_exists(deleted) AND #status = :applied',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': index.GSI1PK,
          ':sk': index.GSI1SK,
          ':ek': index.GSI4SK,
          ':bk': index.GSI5SK,
          ':applied': 'applied',
          ':v': profile.version,
          ':next': profile.version + 1,
        },
      },
    },
    totalsUpdate(apiBucket(), totalsDelta(null, profile)),
    decisionUpdate(profile.sub, { status: 'approved', by, now }),
  ];
}

export async function getApplication(sub: string): Promise<ApplicationItem | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.application(sub), ConsistentRead: true }),
  );
  return Item as ApplicationItem | undefined;
}

/** The pending applications, oldest first: the queue an administrator works through. */
export function listPendingApplications(): Promise<ApplicationItem[]> {
  return queryAll<ApplicationItem>({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.pendingApplicationsPk },
  });
}

export function toApplicationDto(item: ApplicationItem): ApplicationDto {
  return {
    id: item.sub,
    email: item.email,
    firstName: item.firstName,
    lastName: item.lastName,
    appliedAt: item.appliedAt,
    status: item.status,
    ...(item.decidedBy === undefined ? {} : { decidedBy: item.decidedBy }),
    ...(item.decidedAt === undefined ? {} : { decidedAt: item.decidedAt }),
    ...(item.reason === undefined ? {} : { reason: item.reason }),
  };
}

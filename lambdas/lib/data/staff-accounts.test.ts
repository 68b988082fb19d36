import type { Profile } from './profile-item';
import { appliedToStaffItems, clientListingOnWrite, holdsNoMoney } from './staff-accounts';
import { keys } from './table';

const lastUpdate = '2026-03-02T10:00:00.000Z';

function profile(over: Partial<Profile> = {}): Profile {
  return {
    sub: 'u-1',
    email: 'kim@example.com',
    firstName: 'Kim',
    lastName: 'Staff',
    cognitoUsername: 'u-1',
    balanceCents: 0,
    netCents: 0,
    lastUpdate,
    version: 3,
    weeklyGainCents: 0,
    weeklyGainPercent: 0,
    createdAt: lastUpdate,
    ...over,
  };
}

describe('clientListingOnWrite', () => {
  it('moves a client whose balance changes in the balance order, counted before and after', () => {
    expect(
      clientListingOnWrite(profile({ balanceCents: 500, netCents: 500 }), { balanceCents: 700, netCents: 700 }),
    ).toEqual({
      set: keys.balanceOrder('u-1', 700),
      remove: [],
      countedBefore: true,
      countedAfter: true,
    });
  });

  it('leaves a client whose change moves no money where it is', () => {
    expect(clientListingOnWrite(profile(), { pendingRequests: 1 })).toEqual({
      set: {},
      remove: [],
      countedBefore: true,
      countedAfter: true,
    });
  });

  it('makes a staff account given money a client: every client index back, counted from this write on', () => {
    const listing = clientListingOnWrite(profile({ staff: true }), { balanceCents: 2500, netCents: 2500 });
    expect(listing).toEqual({
      set: {
        ...keys.clientsIndex('u-1', Date.parse(lastUpdate)),
        ...keys.emailOrder('u-1', 'kim@example.com'),
        ...keys.balanceOrder('u-1', 2500),
      },
      remove: ['staff'],
      countedBefore: false,
      countedAfter: true,
    });
  });

  it('leaves a staff account staff, and uncounted, when the change moves no money', () => {
    expect(clientListingOnWrite(profile({ staff: true }), { notifications: {} })).toEqual({
      set: {},
      remove: [],
      countedBefore: false,
      countedAfter: false,
    });
  });

  it('never takes an applicant down the staff branch: money to one neither lists nor counts it', () => {
    const listing = clientListingOnWrite(profile({ status: 'applied' }), { balanceCents: 2500, netCents: 2500 });
    expect(listing).toEqual({ set: {}, remove: [], countedBefore: false, countedAfter: false });
    expect(clientListingOnWrite(profile({ status: 'applied', staff: true }), { balanceCents: 1 }).remove).toEqual([]);
  });
});

describe('appliedToStaffItems', () => {
  it('makes an applicant staff with the totals unchanged, and decides its application off the queue', () => {
    const items = appliedToStaffItems(profile({ status: 'applied' }), 't', Date.parse(lastUpdate));
    expect(items).toHaveLength(2);
    expect(items[0]?.Update).toMatchObject({
      Key: keys.profile('u-1'),
      UpdateExpression: 'SET staff = :true, version = :next REMOVE #status',
      ConditionExpression: expect.stringContaining('#status = :applied'),
    });
    expect(items[1]?.Update).toMatchObject({
      Key: keys.application('u-1'),
      UpdateExpression: expect.stringContaining('REMOVE GSI3PK, GSI3SK'),
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: expect.objectContaining({ ':approved': 'approved', ':at': lastUpdate }),
    });
    expect(JSON.stringify(items)).not.toContain('TOTALS');
  });
});

it('holdsNoMoney: a balance and a net of zero', () => {
  expect(holdsNoMoney(profile())).toBe(true);
  expect(holdsNoMoney(profile({ balanceCents: 1 }))).toBe(false);
  expect(holdsNoMoney(profile({ netCents: -1 }))).toBe(false);
});

import { type ActivityItem, clientMatcher } from './activity-log';

const item = (id: string, clientId?: string, clientEmail?: string): ActivityItem => ({
  PK: 'ACTIVITY#2026-03',
  SK: id,
  id,
  kind: 'deposit',
  actor: 'admin@example.com',
  actorKey: 'admin@example.com',
  at: 0,
  ...(clientId ? { clientId } : {}),
  ...(clientEmail ? { clientEmail } : {}),
});

describe('clientMatcher', () => {
  it("matches the logged e-mail or the profile's name, case aside, reading each client's profile once and only when needed", async () => {
    const profiles: Record<string, string | null> = {
      c1: 'quentin zephyr q@example.com',
      c2: 'bob stone bob@example.com',
      gone: null,
    };
    const read = jest.fn(async (id: string) => profiles[id] ?? null);
    const match = clientMatcher('zeph', read);
    const first = await match([
      item('1', 'c1', 'q@example.com'),
      item('2', 'c2', 'bob@example.com'),
      item('3', 'c1', 'q@example.com'),
      item('4'),
      item('5', 'gone', 'old@zeph.example'),
    ]);
    expect(first.map((i) => i.id)).toEqual(['1', '3', '5']);
    // The gone client matched by its logged e-mail, without a read; each other client read once.
    expect(read.mock.calls.map(([id]) => id).sort()).toEqual(['c1', 'c2']);
    await match([item('6', 'c1', 'q@example.com')]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('matches a logged e-mail whatever its case', async () => {
    const read = jest.fn(async () => null);
    expect((await clientMatcher('alice@', read)([item('1', 'c1', 'Alice@Example.com')])).map((i) => i.id)).toEqual([
      '1',
    ]);
    expect(read).not.toHaveBeenCalled();
  });
});

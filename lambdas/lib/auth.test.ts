import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { rememberedMembership } from './admin-membership';
import { callerOf, confirmedCaller, parseGroups, requireAdmin, requireOwner } from './auth';

const eventWith = (claims: Record<string, unknown>) =>
  ({ requestContext: { authorizer: { jwt: { claims, scopes: [] } } } }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

describe('cognito:groups in both forms', () => {
  it.each([
    [['admins'], ['admins']],
    ['[admins]', ['admins']],
    ['[admins editors]', ['admins', 'editors']],
    ['["admins","editors"]', ['admins', 'editors']],
    ['[]', []],
    ['', []],
    [undefined, []],
    [42, []],
  ])('%j -> %j', (claim, groups) => {
    expect(parseGroups(claim)).toEqual(groups);
  });

  it('makes an admin only of members of admins', () => {
    expect(callerOf(eventWith({ sub: 'a', 'cognito:groups': '[admins]' })).isAdmin).toBe(true);
    expect(callerOf(eventWith({ sub: 'a', 'cognito:groups': '[administrators]' })).isAdmin).toBe(false);
    expect(callerOf(eventWith({ sub: 'a' })).isAdmin).toBe(false);
    expect(() => requireAdmin(callerOf(eventWith({ sub: 'a' })))).toThrow('Administrator access required');
  });

  it('has no caller without a sub', () => {
    expect(() => callerOf(eventWith({}))).toThrow('Authentication required');
  });

});

describe('admin power is confirmed with Cognito, not taken from the token', () => {
  const adminToken = eventWith({ sub: 'adm', username: 'adm-user', 'cognito:groups': '[admins]' });
  const clientToken = eventWith({ sub: 'cli', username: 'cli-user' });

  it('lets a confirmed admin read others only on routes that allow it', async () => {
    const stillAdmin = jest.fn(async () => true);
    const onReadRoute = await confirmedCaller(adminToken, { auth: 'client', adminMayRead: true }, stillAdmin);
    expect(() => requireOwner(onReadRoute, 'x')).not.toThrow();
    const onOwnOnlyRoute = await confirmedCaller(adminToken, { auth: 'client' }, stillAdmin);
    expect(onOwnOnlyRoute.isAdmin).toBe(false);
    expect(() => requireOwner(onOwnOnlyRoute, 'x')).toThrow('You can only access your own portfolio');
    expect(() => requireOwner(onOwnOnlyRoute, 'adm')).not.toThrow();
    // Cognito is asked only where admin power is used.
    expect(stillAdmin).toHaveBeenCalledTimes(1);
    expect(stillAdmin).toHaveBeenCalledWith('adm-user');
  });

  it('refuses a token that still says admins once Cognito no longer does', async () => {
    const demoted = await confirmedCaller(adminToken, { auth: 'admin' }, async () => false);
    expect(() => requireAdmin(demoted)).toThrow('Administrator access required');
    const onReadRoute = await confirmedCaller(adminToken, { auth: 'client', adminMayRead: true }, async () => false);
    expect(() => requireOwner(onReadRoute, 'x')).toThrow('You can only access your own portfolio');
  });

  it('never asks Cognito about callers whose token does not claim admins', async () => {
    const stillAdmin = jest.fn(async () => true);
    expect((await confirmedCaller(clientToken, { auth: 'admin' }, stillAdmin)).isAdmin).toBe(false);
    expect(stillAdmin).not.toHaveBeenCalled();
  });
});

describe('rememberedMembership', () => {
  it('asks again once the answer is older than the time to live, and shares lookups in flight', async () => {
    let now = 0;
    let member = true;
    const lookup = jest.fn(async () => member);
    const stillAdmin = rememberedMembership(lookup, () => 60_000, () => now);
    expect(await Promise.all([stillAdmin('a'), stillAdmin('a')])).toEqual([true, true]);
    expect(lookup).toHaveBeenCalledTimes(1);
    member = false;
    now = 59_999;
    expect(await stillAdmin('a')).toBe(true);
    now = 60_000;
    expect(await stillAdmin('a')).toBe(false);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed lookup', async () => {
    const lookup = jest.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValueOnce(true);
    const stillAdmin = rememberedMembership(lookup, () => 60_000, () => 0);
    await expect(stillAdmin('a')).rejects.toThrow('throttled');
    expect(await stillAdmin('a')).toBe(true);
  });
});

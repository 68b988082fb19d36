import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { apiMessages } from '../../shared/messages';
import type { AdminStanding } from './admin-membership';
import { Forbidden } from './errors';
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
  const adminRoute = { auth: 'admin' } as const;
  const readRoute = { auth: 'client', adminMayRead: true } as const;
  const lookupSaying = (standing: AdminStanding) => jest.fn<Promise<AdminStanding>, [string]>(async () => standing);

  it('lets a confirmed admin read others only on routes that allow it', async () => {
    const standingOf = lookupSaying('admin');
    const onReadRoute = await confirmedCaller(adminToken, readRoute, standingOf);
    expect(() => requireOwner(onReadRoute, 'x')).not.toThrow();
    const onOwnOnlyRoute = await confirmedCaller(adminToken, { auth: 'client' }, standingOf);
    expect(onOwnOnlyRoute.isAdmin).toBe(false);
    expect(() => requireOwner(onOwnOnlyRoute, 'x')).toThrow('You can only access your own portfolio');
    expect(() => requireOwner(onOwnOnlyRoute, 'adm')).not.toThrow();
    // Cognito is asked only where admin power is used.
    expect(standingOf).toHaveBeenCalledTimes(1);
    expect(standingOf).toHaveBeenCalledWith('adm-user');
  });

  it('lets an admin with an authenticator app, or a federated (Google) admin, use the admin routes', async () => {
    // Both answer `admin`: the lookup counts Google's second factor for a federated user (cognito.ts, secondFactorOf).
    const caller = await confirmedCaller(adminToken, adminRoute, lookupSaying('admin'));
    expect(caller.isAdmin).toBe(true);
    expect(() => requireAdmin(caller)).not.toThrow();
  });

  it('refuses an admin without two-factor sign-in on admin routes, saying to set it up', async () => {
    const caller = await confirmedCaller(adminToken, adminRoute, lookupSaying('adminWithoutTwoFactor'));
    expect(caller).toMatchObject({ isAdmin: false, adminWithoutTwoFactor: true });
    expect(() => requireAdmin(caller)).toThrow(new Forbidden(apiMessages.twoFactorRequired));
    expect(new Forbidden('').statusCode).toBe(403);
  });

  it('gives an admin without two-factor sign-in no admin power on routes admins may read: only their own, as a client', async () => {
    const caller = await confirmedCaller(adminToken, readRoute, lookupSaying('adminWithoutTwoFactor'));
    expect(caller.isAdmin).toBe(false);
    expect(() => requireOwner(caller, 'adm')).not.toThrow();
    expect(() => requireOwner(caller, 'x')).toThrow(apiMessages.twoFactorRequired);
  });

  it('refuses a token that still says admins once Cognito no longer does', async () => {
    const demoted = await confirmedCaller(adminToken, adminRoute, lookupSaying('notAdmin'));
    expect(demoted.adminWithoutTwoFactor).toBeUndefined();
    expect(() => requireAdmin(demoted)).toThrow(apiMessages.adminOnly);
    const onReadRoute = await confirmedCaller(adminToken, readRoute, lookupSaying('notAdmin'));
    expect(() => requireOwner(onReadRoute, 'x')).toThrow(apiMessages.notYours);
  });

  it('never asks Cognito about callers whose token does not claim admins', async () => {
    const standingOf = lookupSaying('admin');
    const caller = await confirmedCaller(clientToken, adminRoute, standingOf);
    expect(caller.isAdmin).toBe(false);
    expect(() => requireAdmin(caller)).toThrow(apiMessages.adminOnly);
    expect(standingOf).not.toHaveBeenCalled();
  });
});

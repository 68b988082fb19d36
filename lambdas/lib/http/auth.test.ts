import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { apiMessages } from '../../../shared/messages';
import type { AdminStanding } from './admin-membership';
import type { AdminSessionCheck, AdminSessionVerdict } from './admin-sessions';
import { Forbidden } from './errors';
import { bearerTokenOf, callerOf, confirmedCaller, parseGroups, requireAdmin, requireOwner } from './auth';
import { refusals } from '../../../shared/refusals';

const eventWith = (claims: Record<string, unknown>) =>
  ({
    requestContext: { authorizer: { jwt: { claims, scopes: [] } } },
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

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

  it('reads auth_time as HTTP API hands it over (a string) and as a decoded token has it (a number), and nothing else', () => {
    expect(callerOf(eventWith({ sub: 'a', auth_time: '1700000000' })).authTime).toBe(1_700_000_000);
    expect(callerOf(eventWith({ sub: 'a', auth_time: 1_700_000_000 })).authTime).toBe(1_700_000_000);
    for (const odd of ['', '17e8', '-5', '1.5', 'soon', null, undefined, [1]])
      expect(callerOf(eventWith({ sub: 'a', auth_time: odd })).authTime).toBeUndefined();
  });

  it("gives the caller's own access token for Cognito calls made as the caller, from the Authorization header in any case", () => {
    const withHeaders = (headers: Record<string, string>) =>
      ({ ...eventWith({ sub: 'a' }), headers }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    expect(bearerTokenOf(withHeaders({ authorization: 'Bearer abc.def.ghi' }))).toBe('abc.def.ghi');
    expect(bearerTokenOf(withHeaders({ Authorization: 'bearer abc' }))).toBe('abc');
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer ' }] as Record<
      string,
      string
    >[])
      expect(() => bearerTokenOf(withHeaders(headers))).toThrow(refusals.unauthorized);
  });
});

describe('admin power is confirmed with Cognito, not taken from the token', () => {
  const adminToken = eventWith({ sub: 'adm', username: 'adm-user', 'cognito:groups': '[admins]' });
  const clientToken = eventWith({ sub: 'cli', username: 'cli-user' });
  const adminRoute = { auth: 'admin' } as const;
  const readRoute = { auth: 'client', adminMayRead: true } as const;
  const lookupSaying = (standing: AdminStanding) => jest.fn<Promise<AdminStanding>, [string]>(async () => standing);
  /** The per-token check (admin-sessions.ts): this session signed in after the admin epoch, unless said otherwise. */
  const sessionSaying = (verdict: AdminSessionVerdict) =>
    jest.fn<ReturnType<AdminSessionCheck>, Parameters<AdminSessionCheck>>(async () => verdict);

  it('lets a confirmed admin read others only on routes that allow it', async () => {
    const standingOf = lookupSaying('admin');
    const onReadRoute = await confirmedCaller(adminToken, readRoute, standingOf, sessionSaying('admin'));
    expect(() => requireOwner(onReadRoute, 'x')).not.toThrow();
    const onOwnOnlyRoute = await confirmedCaller(adminToken, { auth: 'client' }, standingOf, sessionSaying('admin'));
    expect(onOwnOnlyRoute.isAdmin).toBe(false);
    expect(() => requireOwner(onOwnOnlyRoute, 'x')).toThrow('You can only access your own portfolio');
    expect(() => requireOwner(onOwnOnlyRoute, 'adm')).not.toThrow();
    // Cognito is asked only where admin power is used.
    expect(standingOf).toHaveBeenCalledTimes(1);
    expect(standingOf).toHaveBeenCalledWith('adm-user');
  });

  it('lets an admin with an authenticator app, or a federated (Google) admin, use the admin routes', async () => {
    // Both answer `admin`: the lookup counts Google's second factor for a federated user (cognito.ts, secondFactorOf).
    const caller = await confirmedCaller(adminToken, adminRoute, lookupSaying('admin'), sessionSaying('admin'));
    expect(caller.isAdmin).toBe(true);
    expect(() => requireAdmin(caller)).not.toThrow();
  });

  it('refuses an admin without two-factor sign-in on admin routes, saying to set it up', async () => {
    const caller = await confirmedCaller(
      adminToken,
      adminRoute,
      lookupSaying('adminWithoutTwoFactor'),
      sessionSaying('noSecondFactor'),
    );
    expect(caller).toMatchObject({ isAdmin: false, adminWithoutTwoFactor: true });
    expect(() => requireAdmin(caller)).toThrow(new Forbidden(apiMessages.twoFactorRequired));
    expect(new Forbidden('').statusCode).toBe(403);
  });

  it('gives an admin without two-factor sign-in no admin power on routes admins may read: only their own, as a client', async () => {
    const caller = await confirmedCaller(
      adminToken,
      readRoute,
      lookupSaying('adminWithoutTwoFactor'),
      sessionSaying('noSecondFactor'),
    );
    expect(caller.isAdmin).toBe(false);
    expect(() => requireOwner(caller, 'adm')).not.toThrow();
    expect(() => requireOwner(caller, 'x')).toThrow(apiMessages.twoFactorRequired);
  });

  it('refuses a token that still says admins once Cognito no longer does', async () => {
    const demoted = await confirmedCaller(adminToken, adminRoute, lookupSaying('notAdmin'), sessionSaying('admin'));
    expect(demoted.adminWithoutTwoFactor).toBeUndefined();
    expect(() => requireAdmin(demoted)).toThrow(apiMessages.adminOnly);
    const onReadRoute = await confirmedCaller(adminToken, readRoute, lookupSaying('notAdmin'), sessionSaying('admin'));
    expect(() => requireOwner(onReadRoute, 'x')).toThrow(refusals.notYours);
  });

  it('asks, per token, whether this session may use the power: the factor Cognito names decides which moments count', async () => {
    const session = sessionSaying('admin');
    const withAuthTime = eventWith({
      sub: 'adm',
      username: 'adm-user',
      'cognito:groups': '[admins]',
      auth_time: '1700000000',
    });
    expect((await confirmedCaller(withAuthTime, adminRoute, lookupSaying('admin'), session)).isAdmin).toBe(true);
    expect(session).toHaveBeenLastCalledWith(
      expect.objectContaining({ sub: 'adm', username: 'adm-user', authTime: 1_700_000_000 }),
      'authenticatorApp',
    );
    await confirmedCaller(withAuthTime, adminRoute, lookupSaying('federatedAdmin'), session);
    expect(session).toHaveBeenLastCalledWith(expect.anything(), 'federated');
    // Not where admin power is not used, nor for an admin Cognito no longer confirms.
    await confirmedCaller(withAuthTime, { auth: 'client' }, lookupSaying('admin'), session);
    await confirmedCaller(withAuthTime, adminRoute, lookupSaying('notAdmin'), session);
    expect(session).toHaveBeenCalledTimes(2);
    // An admin without an app: the session decides (a passkey sign-in needs none).
    await confirmedCaller(withAuthTime, adminRoute, lookupSaying('adminWithoutTwoFactor'), session);
    expect(session).toHaveBeenLastCalledWith(expect.anything(), 'none');
  });

  it('refuses a session that signed in before the second factor or the admin access, saying to sign in again', async () => {
    const onAdminRoute = await confirmedCaller(
      adminToken,
      adminRoute,
      lookupSaying('admin'),
      sessionSaying('signInAgain'),
    );
    expect(onAdminRoute).toMatchObject({ isAdmin: false, adminMustSignInAgain: true });
    expect(() => requireAdmin(onAdminRoute)).toThrow(new Forbidden(apiMessages.adminSignInAgain));
    const onReadRoute = await confirmedCaller(
      adminToken,
      readRoute,
      lookupSaying('federatedAdmin'),
      sessionSaying('signInAgain'),
    );
    expect(() => requireOwner(onReadRoute, 'x')).toThrow(apiMessages.adminSignInAgain);
    expect(() => requireOwner(onReadRoute, 'adm')).not.toThrow();
  });

  it('refuses as no admin a session whose admin access the record shows removed, once Cognito asked afresh agrees', async () => {
    const caller = await confirmedCaller(adminToken, adminRoute, lookupSaying('admin'), sessionSaying('notAdmin'));
    expect(caller).toMatchObject({ isAdmin: false });
    expect(caller.adminMustSignInAgain).toBeUndefined();
    expect(() => requireAdmin(caller)).toThrow(apiMessages.adminOnly);
  });

  it('counts a factor the record says is not in force (a new secret waiting, or turned off) as none, whatever Cognito remembered', async () => {
    const caller = await confirmedCaller(
      adminToken,
      adminRoute,
      lookupSaying('admin'),
      sessionSaying('noSecondFactor'),
    );
    expect(caller).toMatchObject({ isAdmin: false, adminWithoutTwoFactor: true });
    expect(() => requireAdmin(caller)).toThrow(apiMessages.twoFactorRequired);
  });

  it('never asks Cognito about callers whose token does not claim admins', async () => {
    const standingOf = lookupSaying('admin');
    const caller = await confirmedCaller(clientToken, adminRoute, standingOf, sessionSaying('admin'));
    expect(caller.isAdmin).toBe(false);
    expect(() => requireAdmin(caller)).toThrow(apiMessages.adminOnly);
    expect(standingOf).not.toHaveBeenCalled();
  });

  it('hands the check how the session signed in, and refuses with passkeyRequired where the check says so', async () => {
    const session = sessionSaying('passkeyRequired');
    const passkeyToken = eventWith({
      sub: 'adm',
      username: 'adm-user',
      'cognito:groups': '[admins]',
      amr: '[hwk user mfa]',
    });
    const caller = await confirmedCaller(passkeyToken, adminRoute, lookupSaying('admin'), session);
    expect(session).toHaveBeenLastCalledWith(expect.objectContaining({ signInMethod: 'passkey' }), 'authenticatorApp');
    expect(caller).toMatchObject({ isAdmin: false, adminPasskeyRequired: true });
    expect(() => requireAdmin(caller)).toThrow(new Forbidden(apiMessages.passkeyRequired));
    const onReadRoute = await confirmedCaller(passkeyToken, readRoute, lookupSaying('admin'), session);
    expect(() => requireOwner(onReadRoute, 'x')).toThrow(apiMessages.passkeyRequired);
    expect(() => requireOwner(onReadRoute, 'adm')).not.toThrow();
    expect(callerOf(adminToken).signInMethod).toBe('unknown');
  });
});

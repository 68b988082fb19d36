import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { callerOf, parseGroups, requireAdmin, requireOwner } from './auth';

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

  it('lets admins read others only where allowed', () => {
    const admin = callerOf(eventWith({ sub: 'adm', 'cognito:groups': ['admins'] }));
    expect(() => requireOwner(admin, 'x', { adminMayAct: true })).not.toThrow();
    expect(() => requireOwner(admin, 'x', { adminMayAct: false })).toThrow('You can only access your own portfolio');
  });
});

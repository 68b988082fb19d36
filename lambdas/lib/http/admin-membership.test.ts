/**
 * Admin power as Cognito says it now: member of admins, enabled, and with a second factor (an
 * authenticator app, or Google's own for a federated user), asked with two reads and remembered
 * a minute at most.
 */
import {
  AdminGetUserCommand,
  type AdminGetUserCommandOutput,
  AdminListGroupsForUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  type AdminStanding,
  adminStanding,
  adminStandingOf,
  rememberedMembership,
  WITHOUT_TWO_FACTOR_RECHECK_MS,
} from './admin-membership';
import { currentMembership, secondFactorOf } from '../cognito/cognito';
import { cognitoClient } from '../cognito/cognito-client';
import { configureRuntime, resetRuntime } from '../runtime/runtime';

/** What a fake Cognito knows of one user; absent users answer UserNotFoundException. */
interface FakeUser {
  enabled?: boolean;
  groups?: string[];
  status?: string;
  mfa?: string[];
}

/** Points the runtime's Cognito client at `users`; returns the spy, to count reads. */
function fakeCognito(users: Record<string, FakeUser>) {
  configureRuntime({
    tableName: 't',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const userOf = (username: string | undefined): FakeUser => {
    const user = username === undefined ? undefined : users[username];
    if (!user) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    return user;
  };
  const answer = async (command: unknown): Promise<unknown> => {
    if (command instanceof AdminGetUserCommand) {
      const user = userOf(command.input.Username);
      const output: Partial<AdminGetUserCommandOutput> = {
        Username: command.input.Username,
        Enabled: user.enabled ?? true,
        UserStatus: (user.status ?? 'CONFIRMED') as AdminGetUserCommandOutput['UserStatus'],
        UserMFASettingList: user.mfa,
      };
      return output;
    }
    if (command instanceof AdminListGroupsForUserCommand) {
      return { Groups: (userOf(command.input.Username).groups ?? []).map((GroupName) => ({ GroupName })) };
    }
    throw new Error(`unexpected command ${String(command)}`);
  };
  return jest.spyOn(cognitoClient(), 'send').mockImplementation(answer as never);
}

afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

describe('the second factor Cognito knows', () => {
  it.each<[string, Pick<AdminGetUserCommandOutput, 'UserStatus' | 'UserMFASettingList'>, string]>([
    [
      'an authenticator app',
      { UserStatus: 'CONFIRMED', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] },
      'authenticatorApp',
    ],
    ['a password alone', { UserStatus: 'CONFIRMED' }, 'none'],
    ['an empty MFA list', { UserStatus: 'CONFIRMED', UserMFASettingList: [] }, 'none'],
    [
      'SMS, which this pool never enables, is not an authenticator app',
      { UserStatus: 'CONFIRMED', UserMFASettingList: ['SMS_MFA'] },
      'none',
    ],
    ['a Google user: Google’s own', { UserStatus: 'EXTERNAL_PROVIDER' }, 'federated'],
  ])('%s', (_, user, factor) => {
    expect(secondFactorOf(user)).toBe(factor);
  });

  it('maps a membership to the standing the API acts on', () => {
    expect(adminStandingOf({ member: true, secondFactor: 'authenticatorApp' })).toBe('admin');
    expect(adminStandingOf({ member: true, secondFactor: 'federated' })).toBe('federatedAdmin');
    expect(adminStandingOf({ member: true, secondFactor: 'none' })).toBe('adminWithoutTwoFactor');
    expect(adminStandingOf({ member: false, secondFactor: 'authenticatorApp' })).toBe('notAdmin');
    expect(adminStandingOf({ member: false, secondFactor: 'none' })).toBe('notAdmin');
  });
});

describe('the membership read from Cognito', () => {
  it('takes two reads, and counts only an enabled member of the group', async () => {
    const send = fakeCognito({
      totp: { groups: ['admins'], mfa: ['SOFTWARE_TOKEN_MFA'] },
      disabled: { groups: ['admins'], mfa: ['SOFTWARE_TOKEN_MFA'], enabled: false },
      client: { groups: [], mfa: ['SOFTWARE_TOKEN_MFA'] },
    });
    expect(await currentMembership('totp', 'admins')).toEqual({ member: true, secondFactor: 'authenticatorApp' });
    expect(send).toHaveBeenCalledTimes(2);
    expect(await currentMembership('disabled', 'admins')).toEqual({ member: false, secondFactor: 'authenticatorApp' });
    expect(await currentMembership('client', 'admins')).toEqual({ member: false, secondFactor: 'authenticatorApp' });
    expect(await currentMembership('gone', 'admins')).toEqual({ member: false, secondFactor: 'none' });
  });

  it('passes on any other Cognito error (the request fails, nothing is assumed)', async () => {
    configureRuntime({
      tableName: 't',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_pool',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    jest.spyOn(cognitoClient(), 'send').mockImplementation((async () => {
      throw Object.assign(new Error('slow down'), { name: 'TooManyRequestsException' });
    }) as never);
    await expect(currentMembership('anyone', 'admins')).rejects.toThrow('slow down');
  });
});

describe('the standing each admin gets from the API’s lookup', () => {
  // adminStanding remembers per user for the whole test file: each case has its own user.
  it.each<[string, FakeUser, AdminStanding]>([
    ['an admin with an authenticator app is an admin', { groups: ['admins'], mfa: ['SOFTWARE_TOKEN_MFA'] }, 'admin'],
    ['an admin without one is not, until they set it up', { groups: ['admins'] }, 'adminWithoutTwoFactor'],
    [
      'a Google (federated) admin is an admin: their second factor is Google’s',
      { groups: ['admins'], status: 'EXTERNAL_PROVIDER' },
      'federatedAdmin',
    ],
    ['an admin removed from admins is not one', { groups: [], mfa: ['SOFTWARE_TOKEN_MFA'] }, 'notAdmin'],
    ['a disabled admin is not one', { groups: ['admins'], mfa: ['SOFTWARE_TOKEN_MFA'], enabled: false }, 'notAdmin'],
  ])('%s', async (name, user, standing) => {
    const send = fakeCognito({ [name]: user });
    expect(await adminStanding(name)).toBe(standing);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a deleted user is not an admin', async () => {
    fakeCognito({});
    expect(await adminStanding('deleted-user')).toBe('notAdmin');
  });
});

describe('rememberedMembership', () => {
  it('asks again once the answer is older than the time to live, and shares lookups in flight', async () => {
    let now = 0;
    let standing: AdminStanding = 'admin';
    const lookup = jest.fn(async () => standing);
    const standingOf = rememberedMembership(
      lookup,
      () => 60_000,
      () => now,
    );
    expect(await Promise.all([standingOf('a'), standingOf('a')])).toEqual(['admin', 'admin']);
    expect(lookup).toHaveBeenCalledTimes(1);
    standing = 'notAdmin';
    now = 59_999;
    expect(await standingOf('a')).toBe('admin');
    now = 60_000;
    expect(await standingOf('a')).toBe('notAdmin');
    expect(lookup).toHaveBeenCalledTimes(2);
    // A refusal is remembered as long: a removed admin costs two reads a minute too.
    standing = 'admin';
    now = 119_999;
    expect(await standingOf('a')).toBe('notAdmin');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not remember an admin without two-factor sign-in, so the console opens as soon as it is set up', async () => {
    let now = 0;
    let standing: AdminStanding = 'adminWithoutTwoFactor';
    const lookup = jest.fn(async () => standing);
    const standingOf = rememberedMembership(
      lookup,
      () => 60_000,
      () => now,
    );
    expect(WITHOUT_TWO_FACTOR_RECHECK_MS).toBe(0);
    expect(await standingOf('a')).toBe('adminWithoutTwoFactor');
    expect(await standingOf('a')).toBe('adminWithoutTwoFactor');
    expect(lookup).toHaveBeenCalledTimes(2);
    standing = 'admin';
    expect(await standingOf('a')).toBe('admin');
    expect(lookup).toHaveBeenCalledTimes(3);
    // Now an admin: remembered the full minute again.
    standing = 'notAdmin';
    now = WITHOUT_TWO_FACTOR_RECHECK_MS + 59_999;
    expect(await standingOf('a')).toBe('admin');
    now = WITHOUT_TWO_FACTOR_RECHECK_MS + 60_000;
    expect(await standingOf('a')).toBe('notAdmin');
  });

  it('never remembers longer than the configured time to live, however short', async () => {
    let now = 0;
    const lookup = jest.fn(async (): Promise<AdminStanding> => 'adminWithoutTwoFactor');
    const standingOf = rememberedMembership(
      lookup,
      () => 1_000,
      () => now,
    );
    await standingOf('a');
    now = 1_000;
    await standingOf('a');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed lookup', async () => {
    const lookup = jest
      .fn<Promise<AdminStanding>, [string]>()
      .mockRejectedValueOnce(new Error('throttled'))
      .mockResolvedValueOnce('admin');
    const standingOf = rememberedMembership(
      lookup,
      () => 60_000,
      () => 0,
    );
    await expect(standingOf('a')).rejects.toThrow('throttled');
    expect(await standingOf('a')).toBe('admin');
  });
});

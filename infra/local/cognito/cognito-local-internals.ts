/**
 * The emulator's one adapter to cognito-local: every module of it (`cognito-local/lib/...`) this
 * project reaches into, and nothing else (tests/emulator-boundary.test.ts holds that no other
 * module imports cognito-local). The package's public entry starts its own server and
 * process-wide state, so the local Cognito assembles the pieces itself. None of these paths is a
 * published API; they are pinned by the exact version in this package's package.json and checked
 * by test/private-modules.test.ts, which reads COGNITO_LOCAL_EXPORTS below and this file's import
 * lines.
 *
 * The targets are imported one by one, and only those an operation of the product or a test
 * reaches: the others answer UnsupportedOperationException, as any operation cognito-local lacks.
 * Its `targets/targets.js` would also load the TOTP targets, whose `otplib` -> `@scure/base`
 * dependency is ESM-only and cannot be required under Jest (CommonJS). Those written here instead:
 * InitiateAuth, RespondToAuthChallenge and ConfirmSignUp (operations/sign-in.ts, sign-up.ts), and
 * the two-factor ones with `otpauth` (operations/two-factor.ts). DeleteUser is refused to everyone
 * before any operation runs (backend-gate.ts).
 */
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { CognitoRequest, CognitoResponse } from './request';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import {
  UserPoolServiceFactoryImpl,
  attributeValue,
  attributesAppend,
  attributesToRecord,
} from 'cognito-local/lib/services/userPoolService.js';
import { AdminAddUserToGroup } from 'cognito-local/lib/targets/adminAddUserToGroup.js';
import { AdminConfirmSignUp } from 'cognito-local/lib/targets/adminConfirmSignUp.js';
import { AdminCreateUser } from 'cognito-local/lib/targets/adminCreateUser.js';
import { AdminDeleteUser } from 'cognito-local/lib/targets/adminDeleteUser.js';
import { AdminDisableUser } from 'cognito-local/lib/targets/adminDisableUser.js';
import { AdminEnableUser } from 'cognito-local/lib/targets/adminEnableUser.js';
import { AdminGetUser } from 'cognito-local/lib/targets/adminGetUser.js';
import { AdminListGroupsForUser } from 'cognito-local/lib/targets/adminListGroupsForUser.js';
import { AdminRemoveUserFromGroup } from 'cognito-local/lib/targets/adminRemoveUserFromGroup.js';
import { AdminSetUserPassword } from 'cognito-local/lib/targets/adminSetUserPassword.js';
import { AdminUpdateUserAttributes } from 'cognito-local/lib/targets/adminUpdateUserAttributes.js';
import { ChangePassword } from 'cognito-local/lib/targets/changePassword.js';
import { ConfirmForgotPassword } from 'cognito-local/lib/targets/confirmForgotPassword.js';
import { CreateGroup } from 'cognito-local/lib/targets/createGroup.js';
import { CreateUserPoolClient } from 'cognito-local/lib/targets/createUserPoolClient.js';
import { DeleteUserAttributes } from 'cognito-local/lib/targets/deleteUserAttributes.js';
import { DescribeUserPool } from 'cognito-local/lib/targets/describeUserPool.js';
import { DescribeUserPoolClient } from 'cognito-local/lib/targets/describeUserPoolClient.js';
import { ForgotPassword } from 'cognito-local/lib/targets/forgotPassword.js';
import { GetUser } from 'cognito-local/lib/targets/getUser.js';
import { ListGroups } from 'cognito-local/lib/targets/listGroups.js';
import { ListUsers } from 'cognito-local/lib/targets/listUsers.js';
import { ListUsersInGroup } from 'cognito-local/lib/targets/listUsersInGroup.js';
import { RevokeToken } from 'cognito-local/lib/targets/revokeToken.js';
import { SignUp } from 'cognito-local/lib/targets/signUp.js';
import { UpdateUserAttributes } from 'cognito-local/lib/targets/updateUserAttributes.js';
import { UpdateUserPoolClient } from 'cognito-local/lib/targets/updateUserPoolClient.js';

export type { AppClient } from 'cognito-local/lib/services/appClient.js';
export type { Clock } from 'cognito-local/lib/services/clock.js';
export type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
export type { Context } from 'cognito-local/lib/services/context.js';
export type { Messages, Services, Triggers } from 'cognito-local/lib/services/index.js';
export type { User, UserPool, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';

export {
  CognitoError,
  CognitoServiceFactoryImpl,
  DateClock,
  DefaultConfig,
  StormDBDataStoreFactory,
  USER_POOL_AWS_DEFAULTS,
  UnsupportedError,
  UserPoolServiceFactoryImpl,
  attributeValue,
  attributesAppend,
  attributesToRecord,
  otp,
};

/** The version whose private modules this file was written against (package.json pins it too). */
export const COGNITO_LOCAL_VERSION = '5.3.0';

/** cognito-local's operations by name: the router's (cognitoLocalTarget) and, typed, provisioning's. */
export const cognitoLocalTargets = {
  AdminAddUserToGroup,
  AdminConfirmSignUp,
  AdminCreateUser,
  AdminDeleteUser,
  AdminDisableUser,
  AdminEnableUser,
  AdminGetUser,
  AdminListGroupsForUser,
  AdminRemoveUserFromGroup,
  AdminSetUserPassword,
  AdminUpdateUserAttributes,
  ChangePassword,
  ConfirmForgotPassword,
  CreateGroup,
  CreateUserPoolClient,
  DeleteUserAttributes,
  DescribeUserPool,
  DescribeUserPoolClient,
  ForgotPassword,
  GetUser,
  ListGroups,
  ListUsers,
  ListUsersInGroup,
  RevokeToken,
  SignUp,
  UpdateUserAttributes,
  UpdateUserPoolClient,
};

export type CognitoLocalRoute = (ctx: Context, req: CognitoRequest) => Promise<CognitoResponse>;

/**
 * One of cognito-local's targets by operation name, or undefined for one it lacks. Each target
 * declares its own request type; the HTTP body reaches it unchecked, as it does in cognito-local's
 * own router, hence the one widening here.
 */
export function cognitoLocalTarget(name: string): ((services: Services) => CognitoLocalRoute) | undefined {
  if (!isTargetName(name)) return undefined;
  const target: (services: Services) => (ctx: Context, req: never) => Promise<object> = cognitoLocalTargets[name];
  return target as (services: Services) => CognitoLocalRoute;
}

/** Own names only: "constructor" or "toString" name no target. */
const isTargetName = (name: string): name is keyof typeof cognitoLocalTargets =>
  Object.hasOwn(cognitoLocalTargets, name);

export type ExportKind = 'class' | 'function' | 'object';

/** `cognito-local/lib/targets/signUp.js` for SignUp: each target sits in a file named after it. */
const targetModule = (name: string) => `cognito-local/lib/targets/${name.charAt(0).toLowerCase()}${name.slice(1)}.js`;

/**
 * What this file takes from each private module and the kind of value it must be; a module with
 * no entries only lends types, so it need only still exist.
 */
export const COGNITO_LOCAL_EXPORTS: Readonly<Record<string, Readonly<Record<string, ExportKind>>>> = {
  'cognito-local/lib/errors.js': { CognitoError: 'class', UnsupportedError: 'class' },
  'cognito-local/lib/server/config.js': { DefaultConfig: 'object' },
  'cognito-local/lib/services/appClient.js': {},
  'cognito-local/lib/services/clock.js': { DateClock: 'class' },
  'cognito-local/lib/services/cognitoService.js': {
    CognitoServiceFactoryImpl: 'class',
    USER_POOL_AWS_DEFAULTS: 'object',
  },
  'cognito-local/lib/services/context.js': {},
  'cognito-local/lib/services/dataStore/stormDb.js': { StormDBDataStoreFactory: 'class' },
  'cognito-local/lib/services/index.js': {},
  'cognito-local/lib/services/otp.js': { otp: 'function' },
  'cognito-local/lib/services/userPoolService.js': {
    UserPoolServiceFactoryImpl: 'class',
    attributeValue: 'function',
    attributesAppend: 'function',
    attributesToRecord: 'function',
  },
  ...Object.fromEntries(
    Object.keys(cognitoLocalTargets).map((name) => [targetModule(name), { [name]: 'function' as const }]),
  ),
};

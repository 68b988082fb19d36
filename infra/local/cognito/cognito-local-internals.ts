/**
 * Every private module of cognito-local (`cognito-local/lib/...`) this project reaches into, and
 * nothing else: the package's public entry starts its own server and process-wide state, so the
 * local Cognito assembles the pieces itself. None of these paths is a published API; they are
 * pinned by the exact version in package.json and checked by private-modules.test.ts, which reads
 * COGNITO_LOCAL_EXPORTS below and this file's import lines. Import cognito-local only from here.
 *
 * The targets are imported one by one instead of through its `targets/targets.js`: that file also
 * loads the TOTP targets, whose `otplib` -> `@scure/base` dependency is ESM-only and cannot be
 * required under Jest (CommonJS). Those three (AssociateSoftwareToken, VerifySoftwareToken,
 * RespondToAuthChallenge) are left out: operations/two-factor.ts implements the product's
 * two-factor sign-in with `otpauth`, and operations/sign-in.ts RespondToAuthChallenge.
 * cognito-local's SetUserMFAPreference is listed below but never reached: two-factor.ts answers it.
 */
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { CognitoRequest, CognitoResponse } from './request';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { UserPoolServiceFactoryImpl, attributeValue, attributesAppend, attributesToRecord } from 'cognito-local/lib/services/userPoolService.js';
import { AddCustomAttributes } from 'cognito-local/lib/targets/addCustomAttributes.js';
import { AdminAddUserToGroup } from 'cognito-local/lib/targets/adminAddUserToGroup.js';
import { AdminConfirmSignUp } from 'cognito-local/lib/targets/adminConfirmSignUp.js';
import { AdminCreateUser } from 'cognito-local/lib/targets/adminCreateUser.js';
import { AdminDeleteUser } from 'cognito-local/lib/targets/adminDeleteUser.js';
import { AdminDeleteUserAttributes } from 'cognito-local/lib/targets/adminDeleteUserAttributes.js';
import { AdminDisableUser } from 'cognito-local/lib/targets/adminDisableUser.js';
import { AdminEnableUser } from 'cognito-local/lib/targets/adminEnableUser.js';
import { AdminGetUser } from 'cognito-local/lib/targets/adminGetUser.js';
import { AdminInitiateAuth } from 'cognito-local/lib/targets/adminInitiateAuth.js';
import { AdminListGroupsForUser } from 'cognito-local/lib/targets/adminListGroupsForUser.js';
import { AdminRemoveUserFromGroup } from 'cognito-local/lib/targets/adminRemoveUserFromGroup.js';
import { AdminSetUserPassword } from 'cognito-local/lib/targets/adminSetUserPassword.js';
import { AdminUpdateUserAttributes } from 'cognito-local/lib/targets/adminUpdateUserAttributes.js';
import { ChangePassword } from 'cognito-local/lib/targets/changePassword.js';
import { ConfirmForgotPassword } from 'cognito-local/lib/targets/confirmForgotPassword.js';
import { ConfirmSignUp } from 'cognito-local/lib/targets/confirmSignUp.js';
import { CreateGroup } from 'cognito-local/lib/targets/createGroup.js';
import { CreateUserPool } from 'cognito-local/lib/targets/createUserPool.js';
import { CreateUserPoolClient } from 'cognito-local/lib/targets/createUserPoolClient.js';
import { DeleteGroup } from 'cognito-local/lib/targets/deleteGroup.js';
import { DeleteUser } from 'cognito-local/lib/targets/deleteUser.js';
import { DeleteUserAttributes } from 'cognito-local/lib/targets/deleteUserAttributes.js';
import { DeleteUserPool } from 'cognito-local/lib/targets/deleteUserPool.js';
import { DeleteUserPoolClient } from 'cognito-local/lib/targets/deleteUserPoolClient.js';
import { DescribeUserPool } from 'cognito-local/lib/targets/describeUserPool.js';
import { DescribeUserPoolClient } from 'cognito-local/lib/targets/describeUserPoolClient.js';
import { ForgotPassword } from 'cognito-local/lib/targets/forgotPassword.js';
import { GetGroup } from 'cognito-local/lib/targets/getGroup.js';
import { GetUser } from 'cognito-local/lib/targets/getUser.js';
import { GetUserAttributeVerificationCode } from 'cognito-local/lib/targets/getUserAttributeVerificationCode.js';
import { GetUserPoolMfaConfig } from 'cognito-local/lib/targets/getUserPoolMfaConfig.js';
import { InitiateAuth } from 'cognito-local/lib/targets/initiateAuth.js';
import { ListGroups } from 'cognito-local/lib/targets/listGroups.js';
import { ListUserPoolClients } from 'cognito-local/lib/targets/listUserPoolClients.js';
import { ListUserPools } from 'cognito-local/lib/targets/listUserPools.js';
import { ListUsers } from 'cognito-local/lib/targets/listUsers.js';
import { ListUsersInGroup } from 'cognito-local/lib/targets/listUsersInGroup.js';
import { RevokeToken } from 'cognito-local/lib/targets/revokeToken.js';
import { SetUserMFAPreference } from 'cognito-local/lib/targets/setUserMFAPreference.js';
import { SetUserPoolMfaConfig } from 'cognito-local/lib/targets/setUserPoolMfaConfig.js';
import { SignUp } from 'cognito-local/lib/targets/signUp.js';
import { UpdateGroup } from 'cognito-local/lib/targets/updateGroup.js';
import { UpdateUserAttributes } from 'cognito-local/lib/targets/updateUserAttributes.js';
import { UpdateUserPool } from 'cognito-local/lib/targets/updateUserPool.js';
import { UpdateUserPoolClient } from 'cognito-local/lib/targets/updateUserPoolClient.js';
import { VerifyUserAttribute } from 'cognito-local/lib/targets/verifyUserAttribute.js';

export type { AppClient } from 'cognito-local/lib/services/appClient.js';
export type { Clock } from 'cognito-local/lib/services/clock.js';
export type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
export type { Context } from 'cognito-local/lib/services/context.js';
export type { Messages, Services, Triggers } from 'cognito-local/lib/services/index.js';
export type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
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
  createServer,
  otp,
};

/** The version whose private modules this file was written against (package.json pins it too). */
export const COGNITO_LOCAL_VERSION = '5.3.0';

/** cognito-local's operations by name: the router's (cognitoLocalTarget) and, typed, provisioning's. */
export const cognitoLocalTargets = {
  AddCustomAttributes,
  AdminAddUserToGroup,
  AdminConfirmSignUp,
  AdminCreateUser,
  AdminDeleteUser,
  AdminDeleteUserAttributes,
  AdminDisableUser,
  AdminEnableUser,
  AdminGetUser,
  AdminInitiateAuth,
  AdminListGroupsForUser,
  AdminRemoveUserFromGroup,
  AdminSetUserPassword,
  AdminUpdateUserAttributes,
  ChangePassword,
  ConfirmForgotPassword,
  ConfirmSignUp,
  CreateGroup,
  CreateUserPool,
  CreateUserPoolClient,
  DeleteGroup,
  DeleteUser,
  DeleteUserAttributes,
  DeleteUserPool,
  DeleteUserPoolClient,
  DescribeUserPool,
  DescribeUserPoolClient,
  ForgotPassword,
  GetGroup,
  GetUser,
  GetUserAttributeVerificationCode,
  GetUserPoolMfaConfig,
  InitiateAuth,
  ListGroups,
  ListUserPoolClients,
  ListUserPools,
  ListUsers,
  ListUsersInGroup,
  RevokeToken,
  SetUserMFAPreference,
  SetUserPoolMfaConfig,
  SignUp,
  UpdateGroup,
  UpdateUserAttributes,
  UpdateUserPool,
  UpdateUserPoolClient,
  VerifyUserAttribute,
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
const isTargetName = (name: string): name is keyof typeof cognitoLocalTargets => Object.hasOwn(cognitoLocalTargets, name);

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
  'cognito-local/lib/server/server.js': { createServer: 'function' },
  'cognito-local/lib/services/appClient.js': {},
  'cognito-local/lib/services/clock.js': { DateClock: 'class' },
  'cognito-local/lib/services/cognitoService.js': { CognitoServiceFactoryImpl: 'class', USER_POOL_AWS_DEFAULTS: 'object' },
  'cognito-local/lib/services/context.js': {},
  'cognito-local/lib/services/dataStore/stormDb.js': { StormDBDataStoreFactory: 'class' },
  'cognito-local/lib/services/index.js': {},
  'cognito-local/lib/services/otp.js': { otp: 'function' },
  'cognito-local/lib/services/tokenGenerator.js': {},
  'cognito-local/lib/services/userPoolService.js': {
    UserPoolServiceFactoryImpl: 'class',
    attributeValue: 'function',
    attributesAppend: 'function',
    attributesToRecord: 'function',
  },
  ...Object.fromEntries(Object.keys(cognitoLocalTargets).map((name) => [targetModule(name), { [name]: 'function' as const }])),
};

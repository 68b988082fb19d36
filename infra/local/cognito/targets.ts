/**
 * cognito-local's operations, imported one by one instead of through its `targets/targets.js`:
 * that file also loads the TOTP targets, whose `otplib` -> `@scure/base` dependency is ESM-only and
 * cannot be required under Jest (CommonJS). MFA is not used by this product, so those three
 * (AssociateSoftwareToken, VerifySoftwareToken, RespondToAuthChallenge) are left out here;
 * index.ts implements RespondToAuthChallenge NEW_PASSWORD_REQUIRED itself.
 */
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const cognitoLocalTargets: Record<string, (services: any) => (ctx: any, req: any) => Promise<any>> = {
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

/** The account page's actions: the auth backend's own when it has them (tests), else Cognito's. */
import { cognitoAccount } from '../../auth/account-calls';
import { type AccountBackend, useAuth } from '../../auth/session';

export function useAccountBackend(): AccountBackend {
  return useAuth().backend.account ?? cognitoAccount;
}

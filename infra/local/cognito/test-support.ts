/** For the local Cognito's tests: a user made as the administrators' tools make one. */
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** A confirmed user with a verified e-mail and a permanent password. */
export async function createConfirmedUser(sdk: CognitoIdentityProviderClient, userPoolId: string, address: string, password: string): Promise<void> {
  await sdk.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: address,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: address },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: address, Password: password, Permanent: true }));
}

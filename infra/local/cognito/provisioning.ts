/**
 * The data folder and what lives in it: cognito-local's JSON database, the token signing key,
 * and the product's user pool, app client and administrators' group, created on first start and
 * brought back to shared/user-pool.ts's settings on every later one, so a data folder made
 * under other settings signs in as the product's pool does.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { userPoolDefinition as def } from '../../../shared/user-pool';
import {
  CognitoServiceFactoryImpl,
  DateClock,
  StormDBDataStoreFactory,
  USER_POOL_AWS_DEFAULTS,
  UserPoolServiceFactoryImpl,
  attributeValue,
  cognitoLocalTargets,
  type Context,
  type Services,
  type UserPoolService,
} from './cognito-local-internals';
import { loadOrCreateSigningKey } from './tokens';
import { isFederated, signsInWithEmail } from './users';

export async function openDataDir(dataDir: string, ctx: Context) {
  mkdirSync(dataDir, { recursive: true });
  const key = loadOrCreateSigningKey(dataDir);
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, { UsernameAttributes: [...def.usernameAttributes] });
  return { key, clock, cognito };
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomId = (length: number) => Array.from(randomBytes(length), (b) => ALNUM[b % ALNUM.length]).join('');

const poolSettings = {
  UsernameAttributes: [...def.usernameAttributes],
  AutoVerifiedAttributes: [...def.autoVerifiedAttributes],
  UsernameConfiguration: { CaseSensitive: false },
  // Two-factor sign-in: optional, by authenticator app only (operations/two-factor.ts).
  MfaConfiguration: def.mfa.mode,
  SoftwareTokenMfaConfiguration: { Enabled: def.mfa.totp },
  Policies: {
    PasswordPolicy: {
      MinimumLength: def.passwordMinLength,
      RequireUppercase: false,
      RequireLowercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
      TemporaryPasswordValidityDays: 7,
    },
  },
};

/** The app client as infra/aws/auth.ts makes it; `google` when it signs in with Google (the hosted UI). */
const clientSettings = (google: boolean) => ({
  ExplicitAuthFlows: def.authFlows.map((f) => `ALLOW_${f}`),
  AccessTokenValidity: def.accessTokenValidityMinutes,
  IdTokenValidity: def.idTokenValidityMinutes,
  RefreshTokenValidity: def.refreshTokenValidityDays,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  PreventUserExistenceErrors: def.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY',
  EnableTokenRevocation: true,
  WriteAttributes: [...def.writeAttributes, ...(google ? def.googleWriteAttributes : [])],
});

async function provisionPoolId(services: Services, ctx: Context, region: string): Promise<string> {
  const { cognito } = services;
  const existing = (await cognito.listUserPools(ctx)).find((p) => p.Name === def.poolName);
  if (existing) {
    const svc = await cognito.getUserPool(ctx, existing.Id);
    await svc.updateOptions(ctx, { ...svc.options, ...poolSettings });
    return existing.Id;
  }
  const id = `${region}_${randomId(9)}`;
  const now = new Date();
  await cognito.createUserPool(ctx, {
    Id: id,
    Name: def.poolName,
    Arn: `arn:aws:cognito-idp:${region}:000000000000:userpool/${id}`,
    CreationDate: now,
    LastModifiedDate: now,
    SchemaAttributes: USER_POOL_AWS_DEFAULTS.SchemaAttributes,
    ...poolSettings,
  });
  return id;
}

async function provisionClientId(
  services: Services,
  ctx: Context,
  pool: UserPoolService,
  userPoolId: string,
  google: boolean,
): Promise<string> {
  const existing = (await services.cognito.listAppClients(ctx, userPoolId)).find(
    (c) => c.ClientName === def.clientName,
  );
  if (existing) {
    await pool.saveAppClient(ctx, { ...existing, ...clientSettings(google) });
    return existing.ClientId;
  }
  const request = {
    UserPoolId: userPoolId,
    ClientName: def.clientName,
    GenerateSecret: false,
    ...clientSettings(google),
  };
  const created = await cognitoLocalTargets.CreateUserPoolClient(services)(ctx, request);
  const clientId = created.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local created the app client without a ClientId');
  return clientId;
}

/**
 * The product's pool, client and group, made or updated to match shared/user-pool.ts; `google`
 * when the hosted UI signs in with Google, as a stage given a Google client.
 */
export async function provisionUserPool(services: Services, ctx: Context, region: string, google: boolean) {
  const userPoolId = await provisionPoolId(services, ctx, region);
  const pool = await services.cognito.getUserPool(ctx, userPoolId);
  cognitoUserLookup(pool);
  const clientId = await provisionClientId(services, ctx, pool, userPoolId, google);
  // (getGroupByGroupName throws while the pool has no group at all)
  if (!(await pool.listGroups(ctx)).some((g) => g.GroupName === def.adminGroup)) {
    const request = { UserPoolId: userPoolId, GroupName: def.adminGroup, Description: 'Administrators of the portal' };
    await cognitoLocalTargets.CreateGroup(services)(ctx, request);
  }
  return { userPoolId, clientId, pool };
}

/**
 * Finding a user by the name a request gives, as Cognito does. cognito-local looks the name up
 * exactly, as a user name, a `sub` or the `email` attribute of any user; Cognito differs twice:
 *  - the pool is case-insensitive (UsernameConfiguration.CaseSensitive false): `Ada@Example.com`
 *    signs in, is found and is refused a second sign-up exactly as `ada@example.com`;
 *  - a federated user's e-mail is an attribute only, never a sign-in alias (users.ts
 *    signsInWithEmail): ForgotPassword, sign-in and SignUp do not find a Google user by its
 *    address in any case, only by its `Google_...` user name, and an e-mail account may have the
 *    same address, as in Cognito (docs/operations.md, the admin tool).
 * cognito-local's own targets use this lookup too.
 */
function cognitoUserLookup(p: UserPoolService) {
  const exact = p.getUserByUsername.bind(p);
  const caseInsensitive = p.options.UsernameConfiguration?.CaseSensitive === false;
  p.getUserByUsername = async (c, name: unknown) => {
    // cognito-local's targets pass the request's member unchecked; its own lookup sees it as sent.
    const found = await exact(c, name as string);
    if (typeof name !== 'string') return found;
    // Its exact match stands, unless all it matched was a federated user's e-mail.
    if (
      found &&
      (found.Username === name || attributeValue('sub', found.Attributes) === name || signsInWithEmail(found, name))
    )
      return found;
    const same = (value: unknown) =>
      typeof value === 'string' && (caseInsensitive ? value.toLowerCase() === name.toLowerCase() : value === name);
    const users = await p.listUsers(c);
    return (
      users.find((u) => same(u.Username) || (!isFederated(u) && same(attributeValue('email', u.Attributes)))) ?? null
    );
  };
}

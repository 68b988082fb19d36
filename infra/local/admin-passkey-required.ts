/**
 * Whether the local stack requires passkeys of administrators, as a stage's adminPasskeyRequired
 * does (infra/aws/stage-config.ts): ADMIN_PASSKEY_REQUIRED=1 turns it on, '0' or unset leaves it
 * off. Anything else stops the start: a typo must never mean "not required".
 */
export function localAdminPasskeyRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  const text = env.ADMIN_PASSKEY_REQUIRED?.trim();
  if (text === undefined || text === '' || text === '0') return false;
  if (text === '1') return true;
  throw new Error(`ADMIN_PASSKEY_REQUIRED must be '1' (on) or '0' (off), not '${text}'.`);
}

/**
 * How a new client's account starts (a stage's `clientSignUp`; locally CLIENT_SIGN_UP): `open`
 * lands on the dashboard with the account active, `review` waits for an administrator to approve
 * it. Apart from the profile code so that every function's settings read it without the data layer.
 */
export const CLIENT_SIGN_UP_MODES = ['open', 'review'] as const;

export type ClientSignUp = (typeof CLIENT_SIGN_UP_MODES)[number];

/** A stage that leaves it unset signs up as before: open. */
export const CLIENT_SIGN_UP_DEFAULT: ClientSignUp = 'open';

export const isClientSignUp = (value: unknown): value is ClientSignUp =>
  typeof value === 'string' && (CLIENT_SIGN_UP_MODES as readonly string[]).includes(value);

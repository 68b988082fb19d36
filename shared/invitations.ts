/**
 * Invitations to sign up (docs/product.md, "Invitations"): how long one is valid, what its states
 * read as, and the words of its refusals. Plain data, so the console and the API share them
 * without the browser loading zod.
 */

/** Days an invitation can be used after it was (last) sent. */
export const INVITATION_VALID_DAYS = 7;

/** As the console lists them: an open invitation past its date reads `expired`. */
export const invitationStatuses = ['open', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  open: 'Open',
  used: 'Used',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const invitationMessages = {
  emailRequired: 'Please enter an e-mail address',
  emailInvalid: 'Invalid email address',
  /** The console's toasts. */
  sent: 'Invitation sent',
  revoked: 'Invitation revoked',
  revokeConfirm: (email: string) =>
    `Revoke the invitation to ${email}? A sign-up with this address will then be an ordinary one.`,
} as const;

/** What the invitation routes refuse, in the product's voice. */
export const invitationRefusals = {
  ownEmail: 'You cannot invite your own e-mail address',
  accountExists: 'An account already exists with this e-mail address',
  alreadyUsed: 'This invitation was already used to open an account',
  notOpen: 'Only an open invitation can be revoked',
  changedMeanwhile: 'The invitation changed while saving. Please try again.',
  notFound: 'Invitation not found',
} as const;

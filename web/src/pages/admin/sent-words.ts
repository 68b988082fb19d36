/** The words of marking a payout sent, as the server says them (shared/payout-account.ts). */
export { payoutRefusals, sentMessages } from '../../../../shared/payout-account';

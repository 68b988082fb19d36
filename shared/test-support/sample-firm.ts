/**
 * A firm as a real stage would give it (no demo notice, no example domains): what the footer's,
 * the site config's and the stage checks' tests hold their rules to.
 */
import type { FirmDetails } from '../site-config';

export const SAMPLE_FIRM: Readonly<FirmDetails> = {
  legalName: 'Aurum Capital Ltd',
  riskDisclosure: 'Past performance is not a guide to future returns; the 100% target is not guaranteed.',
  termsUrl: 'https://aurum-capital.com/terms',
  privacyUrl: 'https://aurum-capital.com/privacy',
  supportEmail: 'support@aurum-capital.com',
};

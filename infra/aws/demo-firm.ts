/**
 * The demo firm at the foot of every page of the local stack and the sample stages: DEMO DATA,
 * naming no real firm, and saying so on every page. A deployable stage gives its own (its `firm`
 * setting, infra/aws/stage-config.ts), which may not be these.
 */
import type { FirmDetails } from '../../shared/site-config';

export const DEMO_FIRM: Readonly<FirmDetails> = {
  legalName: 'Aurum Demo Capital Ltd',
  riskDisclosure:
    'Past performance is not a guide to future returns. The value of an investment can fall as well as rise, and you may get back less than you put in. The 100% annual growth is a target: it is not guaranteed.',
  termsUrl: 'https://aurum.example/terms',
  privacyUrl: 'https://aurum.example/privacy',
  supportEmail: 'support@aurum.example',
  supportPhone: '+44 20 0000 0000',
  demoNotice: 'Demo firm — not a real offer. No real money moves here.',
  address: ['Demo House, 1 Example Street', 'London EC1A 0AA', 'United Kingdom (demo address)'],
};

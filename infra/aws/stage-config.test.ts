/**
 * A production stage is complete or refused: each setting a stage that holds clients' money cannot
 * run without is required of it, and a missing one stops the synth with its own field named.
 */
import { SAMPLE_FIRM } from '../../shared/test-support/sample-firm';
import { stages } from '../stages';
import { PRODUCTION_REQUIRES, resolveStage, type StageSettings } from './stage-config';

const bare: StageSettings = {
  account: '444444444444',
  region: 'eu-central-1',
  stackName: 'AurumPortal-qa',
  authDomainPrefix: 'aurum-qa-444444444444',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
};

const complete: StageSettings = {
  ...bare,
  production: true,
  alarmEmail: 'ops@aurum.example',
  ses: { fromEmail: 'no-reply@aurum.example', identity: 'aurum.example' },
  domain: { name: 'portal.aurum.example', hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'aurum.example' },
  backupCopy: { vaultArn: 'arn:aws:backup:eu-central-1:555555555555:backup-vault:aurum-qa-copies' },
  fundingInstructions: ['Example Bank', 'Reference: your e-mail address'],
  firm: SAMPLE_FIRM,
  clientAgreement: { version: '2026-11', url: 'https://aurum.example/client-agreement' },
};

const issuesOf = (settings: StageSettings): string[] => {
  try {
    resolveStage('qa', { qa: settings });
    return [];
  } catch (error) {
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
};

describe('a production stage', () => {
  it('requires exactly alarmEmail, ses, domain, backupCopy, fundingInstructions, firm and clientAgreement', () => {
    expect(Object.keys(PRODUCTION_REQUIRES).sort()).toEqual([
      'alarmEmail',
      'backupCopy',
      'clientAgreement',
      'domain',
      'firm',
      'fundingInstructions',
      'ses',
    ]);
  });

  it('takes a complete stage', () => {
    expect(resolveStage('qa', { qa: complete })).toMatchObject({ production: true, stage: 'qa' });
  });

  it.each(Object.keys(PRODUCTION_REQUIRES))('refuses one without %s, naming that field and only it', (field) => {
    const { [field as keyof StageSettings]: _left, ...rest } = complete;
    expect(issuesOf(rest as StageSettings)).toEqual([
      `${field}: must be set on a production stage: ${PRODUCTION_REQUIRES[field as keyof typeof PRODUCTION_REQUIRES]}`,
    ]);
  });

  it('refuses funding instructions of no lines', () => {
    expect(issuesOf({ ...complete, fundingInstructions: [] })).toEqual([
      `fundingInstructions: must be set on a production stage: ${PRODUCTION_REQUIRES.fundingInstructions}`,
    ]);
  });

  it('names every missing field at once', () => {
    expect(issuesOf({ ...bare, production: true }).map((issue) => issue.split(':')[0])).toEqual([
      'alarmEmail',
      'ses',
      'domain',
      'backupCopy',
      'fundingInstructions',
      'firm',
      'clientAgreement',
    ]);
  });

  it('names a field once when a deployable stage would refuse it too', () => {
    const issues = issuesOf({
      ...complete,
      account: '604512398761',
      authDomainPrefix: 'aurum-qa-604512398761',
      deployable: true,
      firm: undefined,
      alarmEmail: undefined,
    });
    expect(issues.filter((issue) => issue.startsWith('firm:'))).toHaveLength(1);
    expect(issues.filter((issue) => issue.startsWith('alarmEmail:'))).toHaveLength(1);
  });

  it('is the only kind held to them: a stage that is not production may try the product without any', () => {
    expect(issuesOf(bare)).toEqual([]);
    expect(issuesOf({ ...bare, production: false })).toEqual([]);
  });

  it('is what the committed prod sample is, complete, with sample values a deployable stage refuses', () => {
    const prod = resolveStage('prod', stages);
    expect(prod.production).toBe(true);
    for (const field of Object.keys(PRODUCTION_REQUIRES))
      expect({ field, set: prod[field as keyof typeof prod] !== undefined }).toEqual({ field, set: true });
    const asDeployable = () => resolveStage('prod', { prod: { ...(stages.prod as StageSettings), deployable: true } });
    for (const field of [
      'account',
      'alarmEmail',
      'ses.fromEmail',
      'backupCopy.vaultArn',
      'domain.zoneName',
      'firm.legalName',
      'firm.termsUrl',
      'firm.supportEmail',
      'clientAgreement.url',
    ]) {
      expect(asDeployable).toThrow(`  ${field}: `);
    }
  });
});

describe('the client agreement', () => {
  it.each(['2026-11', 'v1', 'terms_2.0-b', 'x'.repeat(32)])('takes the version %s', (version) => {
    expect(issuesOf({ ...bare, clientAgreement: { version, url: 'https://firm.example/agreement' } })).toEqual([]);
  });

  it.each(['', 'v 1', 'v/1', 'x'.repeat(33), 'v1#2'])('refuses the version "%s", naming it', (version) => {
    expect(issuesOf({ ...bare, clientAgreement: { version, url: 'https://firm.example/agreement' } })).toEqual([
      'clientAgreement.version: must be 1-32 letters, digits, dots, dashes or underscores, such as 2026-11',
    ]);
  });

  it.each(['http://firm.example/agreement', 'javascript:alert(1)', 'agreement.pdf'])(
    'refuses the page %s: an https:// page',
    (url) => {
      expect(issuesOf({ ...bare, clientAgreement: { version: 'v1', url } })).toEqual([
        'clientAgreement.url: must be an https:// address of a page',
      ]);
    },
  );

  it("refuses a reserved example page on a deployable stage, which links to the firm's own", () => {
    const deployable: StageSettings = {
      ...complete,
      account: '604512398761',
      authDomainPrefix: 'aurum-qa-604512398761',
      deployable: true,
    };
    expect(issuesOf(deployable)).toContain(
      "clientAgreement.url: is a placeholder: a deployable stage links to the firm's own agreement",
    );
  });
});

import { firmDetailsOf, parseSiteConfig, siteConfig } from './site-config';
import { SAMPLE_FIRM } from './test-support/sample-firm';

const aws = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client',
  oauthDomain: 'aurum-test.auth.eu-west-1.amazoncognito.com',
  googleSignIn: true,
};
const local = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_local',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:8080/cognito',
  oauthDomain: null,
  googleSignIn: false,
};

it('reads what AWS and the local gateway write, exactly', () => {
  expect(parseSiteConfig(aws)).toEqual(aws);
  expect(parseSiteConfig(local)).toEqual(local);
  expect(parseSiteConfig(JSON.parse(JSON.stringify(siteConfig(aws))))).toEqual(aws);
});

it('writes only the known fields, and no endpoint where there is none', () => {
  expect(siteConfig({ ...aws, userPoolEndpoint: undefined })).toEqual(aws);
  expect(Object.keys(siteConfig({ ...aws, userPoolEndpoint: undefined }))).not.toContain('userPoolEndpoint');
  expect(siteConfig({ ...local, extra: 1 } as typeof local)).toEqual(local);
});

it('never carries funding instructions: a config.json an older deploy wrote with them reads without them', () => {
  expect(parseSiteConfig({ ...aws, fundingInstructions: ['Bank: Example Bank'] })).toEqual(aws);
  expect(siteConfig({ ...aws, fundingInstructions: ['Bank'] } as typeof aws)).not.toHaveProperty('fundingInstructions');
});

it.each([
  [null, 'not an object'],
  [[], 'not an object'],
  [{ ...aws, region: '' }, 'region is missing'],
  [{ ...aws, userPoolId: undefined }, 'userPoolId is missing'],
  [{ ...aws, userPoolClientId: 7 }, 'userPoolClientId is missing'],
  [{ ...local, userPoolEndpoint: 'javascript:alert(1)' }, 'userPoolEndpoint is not a URL'],
  [{ ...aws, oauthDomain: undefined }, 'oauthDomain must be a domain or null'],
  [{ ...aws, oauthDomain: '' }, 'oauthDomain must be a domain or null'],
  [{ ...aws, googleSignIn: 'true' }, 'googleSignIn must be true or false'],
  [{ ...aws, oauthDomain: null }, 'googleSignIn needs oauthDomain'],
])('refuses %j: %s', (value, message) => {
  expect(() => parseSiteConfig(value)).toThrow(`config.json: ${message}`);
});

describe("the firm's words (the footer)", () => {
  const firm = SAMPLE_FIRM;

  it('reads and writes them, with the optional phone and demo notice only when given', () => {
    expect(parseSiteConfig({ ...aws, firm })).toEqual({ ...aws, firm });
    const full = { ...firm, supportPhone: '+44 20 7946 0000', demoNotice: 'Demo firm — not a real offer' };
    expect(parseSiteConfig(JSON.parse(JSON.stringify(siteConfig({ ...local, firm: full }))))).toEqual({
      ...local,
      firm: full,
    });
    expect(siteConfig({ ...aws, firm: { ...firm, extra: 1 } as typeof firm })).toEqual({ ...aws, firm });
    expect(Object.keys(siteConfig({ ...aws, firm }).firm ?? {})).not.toContain('supportPhone');
  });

  it('carries the postal address, a line each, and gives the documents the firm from a setting', () => {
    const withAddress = { ...firm, address: ['1 Gold Street', 'London EC1A 1AA'] };
    expect(parseSiteConfig(JSON.parse(JSON.stringify(siteConfig({ ...aws, firm: withAddress }))))).toEqual({
      ...aws,
      firm: withAddress,
    });
    expect(firmDetailsOf(JSON.parse(JSON.stringify(withAddress)))).toEqual(withAddress);
    expect(firmDetailsOf({ ...firm, legalName: 3 })).toBeUndefined();
    expect(firmDetailsOf('Aurum')).toBeUndefined();
  });

  it('leaves them out of a config.json written without them', () => {
    expect(parseSiteConfig(aws)).not.toHaveProperty('firm');
    expect(siteConfig(aws)).not.toHaveProperty('firm');
  });

  it.each([
    ['Aurum', 'firm must be an object'],
    [{ ...firm, legalName: '' }, 'firm.legalName must be text'],
    [{ ...firm, riskDisclosure: undefined }, 'firm.riskDisclosure must be text'],
    [{ ...firm, supportEmail: 7 }, 'firm.supportEmail must be text'],
    [{ ...firm, supportPhone: '' }, 'firm.supportPhone must be text'],
    [{ ...firm, demoNotice: ['demo'] }, 'firm.demoNotice must be text'],
    [{ ...firm, termsUrl: 'javascript:alert(1)' }, 'firm.termsUrl is not a URL'],
    [{ ...firm, privacyUrl: '/privacy' }, 'firm.privacyUrl is not a URL'],
    [{ ...firm, address: 'London' }, 'firm.address must be lines of text'],
    [{ ...firm, address: ['1 Street', ''] }, 'firm.address must be lines of text'],
  ])('refuses %j: %s', (value, message) => {
    expect(() => parseSiteConfig({ ...aws, firm: value })).toThrow(`config.json: ${message}`);
  });
});

describe('the client agreement', () => {
  const agreement = { version: '2026-11', url: 'https://aurum.example/client-agreement' };

  it('reads and writes it, and leaves it out where the stage has none', () => {
    expect(parseSiteConfig({ ...aws, agreement })).toEqual({ ...aws, agreement });
    expect(siteConfig({ ...aws, agreement: { ...agreement, extra: 1 } as typeof agreement })).toEqual({
      ...aws,
      agreement,
    });
    expect(Object.keys(siteConfig(aws))).not.toContain('agreement');
  });

  it.each([
    [{ version: 'v 1', url: agreement.url }, 'agreement.version is not a version'],
    [{ url: agreement.url }, 'agreement.version is not a version'],
    [{ version: 'v1', url: 'javascript:alert(1)' }, 'agreement.url is not a URL'],
    ['v1', 'agreement.version is not a version'],
  ])('refuses %j: %s', (value, message) => {
    expect(() => parseSiteConfig({ ...aws, agreement: value })).toThrow(`config.json: ${message}`);
  });
});

import { parseSiteConfig, siteConfig } from './site-config';

const aws = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client',
  oauthDomain: 'aurum-test.auth.eu-west-1.amazoncognito.com',
  googleSignIn: true,
  fundingInstructions: ['Bank: Example Bank', 'Reference: your e-mail address'],
};
const local = { region: 'us-east-1', userPoolId: 'us-east-1_local', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:8080/cognito', oauthDomain: null, googleSignIn: false, fundingInstructions: [] };

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

it('reads no funding instructions from a config.json written without them', () => {
  const { fundingInstructions: _, ...older } = aws;
  expect(parseSiteConfig(older)).toEqual({ ...aws, fundingInstructions: [] });
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
  [{ ...aws, fundingInstructions: 'Bank: Example Bank' }, 'fundingInstructions must be lines of text'],
  [{ ...aws, fundingInstructions: ['Bank: Example Bank', 7] }, 'fundingInstructions must be lines of text'],
  [{ ...aws, fundingInstructions: [''] }, 'fundingInstructions must be lines of text'],
])('refuses %j: %s', (value, message) => {
  expect(() => parseSiteConfig(value)).toThrow(`config.json: ${message}`);
});

/**
 * `cdk synth` as an operator runs it (`npm run synth -- -c stage=dev`): offline, no AWS
 * credentials, no Docker, the Lambdas bundled by the local esbuild. Each bundle must then load
 * in a fresh Node process. Without a stage, the synth stops with a clear message.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { routes } from '../../shared/api';
import { FUNCTIONS_BESIDE_ROUTES } from './test-support/template-reader';

const root = resolve(__dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'aurum-cdk-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('synthesizes offline, and every Lambda bundle loads', () => {
  const env = {
    ...process.env,
    AWS_EC2_METADATA_DISABLED: 'true',
    CDK_DISABLE_CLI_TELEMETRY: 'true',
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: '',
  };
  // The limit only stops a hung synth, never judges speed: it bundles every route's Lambda (about
  // 50), which took over 4 minutes on a shared two-core machine with other suites beside it.
  execFileSync(
    join(root, 'node_modules/.bin/cdk'),
    ['synth', '--quiet', '--no-notices', '--context', 'stage=dev', '--output', out],
    { cwd: root, env, stdio: 'pipe', timeout: 480_000 },
  );
  const template = JSON.parse(readFileSync(join(out, 'AurumPortal-dev.template.json'), 'utf8')) as {
    Resources: Record<string, { Type: string }>;
  };
  // CloudFront's web ACL and its request log (under that stack's logs key), in us-east-1 beside the eu-west-1 stage.
  const edge = JSON.parse(readFileSync(join(out, 'AurumPortal-dev-Edge.template.json'), 'utf8')) as {
    Resources: Record<string, { Type: string }>;
  };
  expect(
    Object.values(edge.Resources)
      .map((r) => r.Type)
      .filter((t) => t !== 'AWS::CDK::Metadata')
      .sort(),
  ).toEqual(['AWS::KMS::Key', 'AWS::Logs::LogGroup', 'AWS::WAFv2::LoggingConfiguration', 'AWS::WAFv2::WebACL']);
  expect(Object.values(template.Resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')).toHaveLength(
    routes.length,
  );

  const bundles = readdirSync(out)
    .map((dir) => join(out, dir, 'index.mjs'))
    .filter((file) => existsSync(file));
  // And the operations stack's own: the version pruner (version-pruner.ts) and the monthly statements job.
  expect(bundles).toHaveLength(routes.length + FUNCTIONS_BESIDE_ROUTES + 2);
  for (const bundle of bundles) {
    const kind = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(bundle)}); console.log(typeof m.handler);`,
      ],
      {
        env: { ...env, AWS_REGION: 'eu-west-1' },
        encoding: 'utf8',
      },
    );
    expect(kind.trim()).toBe('function');
  }
}, 600_000);

it('refuses to synthesize without a stage, saying how to choose one', () => {
  const env = { ...process.env, AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true', AURUM_STAGE: '' };
  let output = '';
  try {
    execFileSync(
      join(root, 'node_modules/.bin/cdk'),
      ['synth', '--quiet', '--no-notices', '--output', join(out, 'none')],
      { cwd: root, env, stdio: 'pipe', timeout: 120_000 },
    );
  } catch (error) {
    output = String((error as { stderr?: Buffer }).stderr);
  }
  expect(output).toContain('Choose a stage: -c stage=<name> or AURUM_STAGE=<name> (one of: dev, prod).');
}, 150_000);

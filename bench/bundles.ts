/**
 * Figures 3 and 4 of the bench: every Lambda bundle as `cdk synth` builds it (minified size,
 * gzip) and its cold start measured as the time to import it in a fresh Node process, next to
 * an empty handler's; and the web's first-screen and admin JavaScript, gzip and brotli.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type AddRow, fmt, median } from './stats';

/** Milliseconds to import `file` in a fresh Node process (the module's own load and init, not Node's start). */
function importMs(file: string): number {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`,
    ],
    { env: { ...process.env, AWS_REGION: 'eu-west-1' }, encoding: 'utf8' },
  );
  return Number(out.trim());
}

export function measureBundles(root: string, importRuns: number, row: AddRow, progress: (m: string) => void): void {
  const out = mkdtempSync(join(tmpdir(), 'aurum-bench-cdk-'));
  try {
    progress('cdk synth (bundles every Lambda with esbuild)');
    execFileSync(
      join(root, 'node_modules/.bin/cdk'),
      ['synth', '--quiet', '--no-notices', '--context', 'stage=dev', '--output', out],
      {
        cwd: root,
        env: { ...process.env, AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' },
        stdio: 'pipe',
      },
    );
    const template = JSON.parse(readFileSync(join(out, 'AurumPortal-dev.template.json'), 'utf8')) as {
      Resources: Record<
        string,
        { Type: string; Properties: { Description?: string }; Metadata?: Record<string, string> }
      >;
    };
    const empty = join(out, 'empty-handler.mjs');
    writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
    const emptyMs = median(Array.from({ length: importRuns }, () => importMs(empty)));
    row(
      '3. cold start: empty handler',
      fmt(emptyMs),
      'ms',
      `import in a fresh Node process, median of ${importRuns}`,
      importRuns,
    );

    const functions = Object.values(template.Resources)
      .filter(
        (r) =>
          r.Type === 'AWS::Lambda::Function' &&
          r.Metadata?.['aws:asset:path'] &&
          !String(r.Properties.Description ?? '').startsWith('CDK'),
      )
      .map((r) => ({
        name: r.Properties.Description ?? '?',
        file: join(out, r.Metadata?.['aws:asset:path'] ?? '', 'index.mjs'),
      }))
      .filter((f) => {
        try {
          return statSync(f.file).isFile();
        } catch {
          return false;
        }
      });
    progress(`measuring ${functions.length} bundles`);
    let largest = 0;
    for (const fn of functions) {
      const code = readFileSync(fn.file);
      const ms = median(Array.from({ length: importRuns }, () => importMs(fn.file)));
      largest = Math.max(largest, code.length);
      row(
        `3. bundle: ${fn.name}`,
        `${fmt(code.length / 1024, 0)} / ${fmt(gzipSync(code).length / 1024, 0)}`,
        'KB min / gzip',
        `import ${fmt(ms)} ms (${fmt(ms / emptyMs, 1)}× the empty handler)`,
        importRuns,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function measureWeb(row: AddRow, progress: (m: string) => void): Promise<void> {
  progress('building the web app');
  const { buildWeb, BUDGET_KB } = await import('../web/build');
  const report = await buildWeb();
  const kb = (b: number) => fmt(b / 1024, 1);
  row(
    '4. web: initial JS for /',
    `${kb(report.totals.initialGzip)} / ${kb(report.totals.initialBrotli)}`,
    'KB gzip / brotli',
    `${report.initial.length} files; budget ${BUDGET_KB.initial} KB gzip`,
  );
  row(
    '4. web: initial JS for /dashboard',
    `${kb(report.totals.initialGzip + report.totals.dashboardGzip)} / ${kb(report.totals.initialBrotli + report.totals.dashboardBrotli)}`,
    'KB gzip / brotli',
    `the initial JS, the page and Amplify's session part (${kb(report.totals.dashboardGzip)} KB gzip, ${report.dashboard.length} files); budget ${BUDGET_KB.dashboard} KB gzip; the balance chart and the request dialog load after`,
  );
  row(
    '4. web: admin chunk',
    kb(report.totals.adminGzip),
    'KB gzip',
    `${report.admin.length} files; budget ${BUDGET_KB.admin} KB gzip; never loaded by clients`,
  );
}

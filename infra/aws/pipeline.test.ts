/**
 * The GitHub Actions workflows (docs/pipeline.md): each file valid against GitHub's workflow
 * schema (action-validator, offline), and the rules the road to production rests on: AWS only
 * through OpenID Connect, never stored keys; CI as .ci/run, with the locked dependencies and no
 * install script; no job that holds an AWS token installs or runs a dependency; every action
 * pinned to a commit; dev deployed from main only, prod from a tag only, behind the `prod`
 * environment and after its diff; a smoke test and its rollback after each deploy; the least
 * permissions per job.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { stages } from '../stages';
import { DEPLOY_TRIGGERS } from './pipeline-access';

interface Step {
  id?: string;
  if?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on'?: string;
  'timeout-minutes'?: number;
  if?: string;
  needs?: string | string[];
  uses?: string;
  with?: Record<string, string>;
  environment?: string;
  permissions?: Record<string, string> | string;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean | string };
  strategy?: { matrix?: Record<string, unknown> };
  steps?: Step[];
}
interface Workflow {
  on: Record<string, { branches?: string[]; tags?: string[]; inputs?: Record<string, unknown> } | null>;
  permissions?: Record<string, string> | string;
  jobs: Record<string, Job>;
}

const root = resolve(__dirname, '../..');
const WORKFLOWS = join(root, '.github/workflows');
const ACTIONS = join(root, '.github/actions');
const read = (path: string) => readFileSync(path, 'utf8');
const workflowFiles = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
const actionFiles = readdirSync(ACTIONS).map((dir) => join(ACTIONS, dir, 'action.yml'));
const workflow = (file: string) => parse(read(join(WORKFLOWS, file))) as Workflow;
const localAction = (uses: string) => parse(read(join(root, uses, 'action.yml'))) as { runs: { steps: Step[] } };
const ci = workflow('ci.yml');
const diff = workflow('diff.yml');
const deploy = workflow('deploy.yml');

/** Whether a step ends with AWS credentials: configure-aws-credentials, or a local action that runs it. */
function assumesRole(step: Step): boolean {
  if (!step.uses) return false;
  if (step.uses.startsWith('aws-actions/configure-aws-credentials@')) return true;
  return step.uses.startsWith('./') && localAction(step.uses).runs.steps.some(assumesRole);
}

const allJobs = () =>
  Object.entries({ ci, diff, deploy }).flatMap(([name, w]) =>
    Object.entries(w.jobs).map(([id, job]) => ({ at: `${name}/${id}`, workflow: w, job })),
  );
const runs = (job: Job) => (job.steps ?? []).flatMap((s) => (s.run ? [s.run.trim()] : []));
const stageRoleOf = (job: Job) => (job.steps ?? []).find((s) => s.uses === './.github/actions/stage-role')?.with;

describe('action-validator', () => {
  const validator = join(root, 'node_modules/.bin/action-validator');
  const validate = (file: string) => spawnSync(validator, [file], { encoding: 'utf8', timeout: 60_000 });

  it.each([...workflowFiles.map((f) => join(WORKFLOWS, f)), ...actionFiles].map((f) => relative(root, f)))(
    'finds %s valid',
    (file) => {
      const result = validate(join(root, file));
      expect({ status: result.status, errors: result.stderr }).toEqual({ status: 0, errors: '' });
    },
  );

  it('rejects a workflow with a mistyped key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aurum-workflow-'));
    try {
      const broken = join(dir, 'ci.yml');
      writeFileSync(broken, read(join(WORKFLOWS, 'ci.yml')).replace('timeout-minutes:', 'timout-minutes:'));
      const result = validate(broken);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("Additional property 'timout-minutes' is not allowed");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Jobs that hold an AWS token: id-token write. */
const tokenJobs = () =>
  allJobs().filter(({ job }) => typeof job.permissions === 'object' && job.permissions['id-token'] === 'write');
const stepsNamed = (job: Job) => job.steps ?? [];
const indexOf = (job: Job, test: (s: Step) => boolean) => stepsNamed(job).findIndex(test);

describe('AWS access', () => {
  it('is through OpenID Connect only: no stored AWS key, no secret at all, anywhere in .github', () => {
    for (const file of [...workflowFiles.map((f) => join(WORKFLOWS, f)), ...actionFiles]) {
      expect({
        file,
        found: read(file).match(
          /aws-access-key-id|aws-secret-access-key|aws-session-token|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|secrets\./gi,
        ),
      }).toEqual({ file, found: null });
    }
  });

  it('is requested with id-token: write by every job that assumes a role, and by no other', () => {
    const assuming = allJobs().filter(({ job }) => (job.steps ?? []).some(assumesRole));
    expect(assuming.map((j) => j.at).sort()).toEqual(['deploy/dev', 'deploy/prod', 'deploy/prod-diff', 'diff/diff']);
    expect(
      tokenJobs()
        .map((j) => j.at)
        .sort(),
    ).toEqual(assuming.map((j) => j.at).sort());
  });

  it("checks the credentials are the stage's account", () => {
    const configure = localAction('./.github/actions/stage-role').runs.steps.find((s) =>
      s.uses?.startsWith('aws-actions/configure-aws-credentials@'),
    );
    expect(configure?.with).toMatchObject({
      'role-to-assume': '${{ steps.stage.outputs.role }}',
      'allowed-account-ids': '${{ steps.stage.outputs.account }}',
    });
  });

  it("is given, in a job that installs nothing, from the release's file of the very stage asked for", () => {
    const lookup = localAction('./.github/actions/stage-role').runs.steps.find((s) => s.id === 'stage');
    expect(lookup?.run).toContain('cat "$RELEASE/$STAGE-$ROLE.env"');
    for (const { at, job } of tokenJobs())
      expect({ at, release: stageRoleOf(job)?.release }).toEqual({ at, release: 'release' });
  });
});

describe('a job that holds an AWS token', () => {
  const PACKAGE_TOOLS = /\b(npm|npx|yarn|pnpm|corepack|pip3?|curl|wget|tsx)\b/;

  it.each(['deploy/dev', 'deploy/prod', 'deploy/prod-diff', 'diff/diff'])(
    '%s installs nothing and runs only the release it downloaded',
    (at) => {
      const found = tokenJobs().find((j) => j.at === at);
      if (!found) throw new Error(`no job ${at}`);
      for (const run of runs(found.job))
        expect({ run, tool: PACKAGE_TOOLS.exec(run)?.[0] }).toEqual({ run, tool: undefined });
      const remote = stepsNamed(found.job).flatMap((s) =>
        s.uses && !s.uses.startsWith('./') ? [s.uses.split('@')[0]] : [],
      );
      expect(
        remote.filter(
          (uses) =>
            !['actions/checkout', 'actions/setup-node', 'actions/download-artifact', 'actions/github-script'].includes(
              uses as string,
            ),
        ),
      ).toEqual([]);
      // No restored npm cache either: what the job runs comes from the artifact alone.
      const setupNode = stepsNamed(found.job).find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(setupNode?.with).toEqual({ 'node-version-file': '.nvmrc' });
      const download = stepsNamed(found.job).find((s) => s.uses?.startsWith('actions/download-artifact@'));
      expect(download?.with?.path).toBe('release');
      expect(indexOf(found.job, (s) => s === download)).toBeLessThan(
        indexOf(found.job, (s) => s.uses === './.github/actions/stage-role'),
      );
      const checkout = stepsNamed(found.job).find((s) => s.uses?.startsWith('actions/checkout@'));
      expect(checkout?.with?.['persist-credentials']).toBe(false);
    },
  );

  it('gets no shell in the stage-role action beyond reading the release, when a release is given', () => {
    const lookup = localAction('./.github/actions/stage-role').runs.steps.find((s) => s.id === 'stage');
    expect(lookup?.run?.split('\n')[0]).toBe('if [ -n "$RELEASE" ]; then');
  });
});

describe('permissions and pins', () => {
  it('give every workflow read-only contents by default and every job its own short list', () => {
    for (const w of [ci, diff, deploy]) expect(w.permissions).toEqual({ contents: 'read' });
    for (const { at, job } of allJobs()) {
      const writes = Object.entries(
        typeof job.permissions === 'object' ? job.permissions : { all: String(job.permissions) },
      ).filter(([, level]) => level !== 'read');
      const allowed =
        at === 'diff/diff'
          ? ['id-token', 'pull-requests']
          : ['deploy/dev', 'deploy/prod', 'deploy/prod-diff'].includes(at)
            ? ['id-token']
            : [];
      expect({ at, writes: writes.map(([scope]) => scope).sort() }).toEqual({ at, writes: allowed });
    }
  });

  it('pin every action to a full commit, its tag in a comment', () => {
    const files = [...workflowFiles.map((f) => join(WORKFLOWS, f)), ...actionFiles];
    const uses = files.flatMap((file) =>
      read(file)
        .split('\n')
        .filter((line) => /^\s*(-\s+)?uses:/.test(line))
        .map((line) => ({ file: relative(root, file), line: line.trim().replace(/^-\s+/, '') })),
    );
    const remote = uses.filter(({ line }) => !line.startsWith('uses: ./'));
    expect(remote.length).toBeGreaterThanOrEqual(10);
    for (const { file, line } of remote)
      expect({ file, line }).toEqual({
        file,
        line: expect.stringMatching(/^uses: [\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40} # v\d+(\.\d+){0,2}$/),
      });
    // One commit per action: two tags of one action in the workflows would be one unpinned by mistake.
    const pins = new Map<string, Set<string>>();
    for (const { line } of remote) {
      const [, action, pin] = /^uses: ([^@]+)@(\S+)/.exec(line) ?? [];
      pins.set(action as string, (pins.get(action as string) ?? new Set()).add(pin as string));
    }
    for (const [action, commits] of pins) expect({ action, commits: commits.size }).toEqual({ action, commits: 1 });
  });
});

/** The packages of package-lock.json with an install script: none is run, and each is reviewed here. */
const INSTALL_SCRIPTS_NOT_RUN: Record<string, string> = {
  esbuild: 'install.js checks the binary and swaps its JS shim for it; the shim finds @esbuild/linux-x64 all the same',
  '@swc/core': 'postinstall.js installs @swc/wasm when the native binding does not load; @swc/core-linux-x64-gnu loads',
  '@parcel/watcher':
    'build-from-source.js builds only when the prebuilt binary is missing; @parcel/watcher-linux-x64-glibc is there',
  'aws-sdk': 'postinstall prints a maintenance notice',
};

describe('ci', () => {
  const job = ci.jobs.test as Job;

  it("runs on every pull request, and on every push to main or a v* tag as the deploy workflow's first job", () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'workflow_call']);
    expect(deploy.jobs.test?.uses).toBe('./.github/workflows/ci.yml');
  });

  it(".ci/run's system packages and tests, with the lock file's exact tree and no install script, its Node and an npm cache", () => {
    const ciRun = read(join(root, '.ci/run'));
    const commands = ciRun.split('\n').filter((line) => /^(bash|npm) /.test(line));
    expect(commands).toEqual([
      'bash infra/tools/install-system-deps.sh',
      'npm install --no-audit --no-fund',
      'npm test',
    ]);
    expect(runs(job).slice(0, 3)).toEqual([
      'bash infra/tools/install-system-deps.sh',
      'npm ci --ignore-scripts --no-audit --no-fund',
      'npm test',
    ]);
    const setupNode = job.steps?.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toEqual({ 'node-version-file': '.nvmrc', cache: 'npm' });
    expect(job.steps?.indexOf(setupNode as Step)).toBeLessThan(job.steps?.findIndex((s) => s.run !== undefined) ?? -1);
    expect(read(join(root, '.nvmrc')).trim()).toBe(/major !== "(\d+)"/.exec(ciRun)?.[1]);
  });

  it('installs only with npm ci --ignore-scripts, in every workflow', () => {
    const installs = allJobs().flatMap(({ at, job }) =>
      runs(job)
        .filter((r) => /\bnpm (ci|install|i|rebuild|add)\b/.test(r))
        .map((run) => ({ at, run })),
    );
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs)
      expect(install).toEqual({ at: install.at, run: 'npm ci --ignore-scripts --no-audit --no-fund' });
  });

  it('leaves unrun the install script of every package of the lock file that has one, each reviewed', () => {
    const lock = JSON.parse(read(join(root, 'package-lock.json'))) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
      .sort();
    expect(withScripts).toEqual(Object.keys(INSTALL_SCRIPTS_NOT_RUN).sort());
  });

  it('holds no AWS token and keeps no token in its checkout: it runs every dependency', () => {
    expect(job.permissions).toEqual({ contents: 'read' });
    expect(job.steps?.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toEqual({
      'persist-credentials': false,
    });
  });

  it("packs and uploads the stage's release when the deploy workflow asks for one, after the tests", () => {
    expect(ci.on.workflow_call?.inputs).toMatchObject({ stage: { type: 'string', required: false, default: '' } });
    const pack = indexOf(job, (s) => s.run === 'bash infra/tools/pack-release.sh "$STAGE" deploy');
    const upload = indexOf(job, (s) => s.uses?.startsWith('actions/upload-artifact@') === true);
    expect(pack).toBeGreaterThan(indexOf(job, (s) => s.run === 'npm test'));
    expect(upload).toBeGreaterThan(pack);
    expect(job.steps?.[pack]).toMatchObject({ if: "inputs.stage != ''", env: { STAGE: '${{ inputs.stage }}' } });
    expect(job.steps?.[upload]).toMatchObject({
      if: "inputs.stage != ''",
      with: {
        name: 'release-${{ inputs.stage }}',
        path: 'release/',
        'if-no-files-found': 'error',
        'include-hidden-files': true,
      },
    });
  });

  it('runs on ubuntu-latest with time to spare', () => {
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job['timeout-minutes']).toBeGreaterThanOrEqual(60);
  });
});

describe('the release', () => {
  const script = read(join(root, 'infra/tools/pack-release.sh'));

  it('is the assembly synthesized for the stage (refused when not deployable), the CLI, the tools and the stage files', () => {
    expect(script).toContain('deploy) purpose=(-c deploy=true) ;;');
    expect(script).toContain('npm run synth -- -c stage="$stage" "${purpose[@]}" --output release/cdk.out');
    expect(script).toContain('cp -R node_modules/aws-cdk release/aws-cdk');
    expect(script).toContain('npx esbuild infra/tools/smoke-test.ts infra/tools/live-aliases.ts --bundle');
    expect(script).toContain('npx tsx infra/aws/pipeline-stage-env.ts "$stage" deploy > "release/$stage-deploy.env"');
    expect(script).toContain('npx tsx infra/aws/pipeline-stage-env.ts "$stage" diff > "release/$stage-diff.env"');
  });

  it("ships a CDK CLI that needs no other package: the lock file's, with no dependencies", () => {
    const cli = JSON.parse(read(join(root, 'node_modules/aws-cdk/package.json'))) as {
      version: string;
      dependencies?: Record<string, string>;
    };
    expect(cli.dependencies ?? {}).toEqual({});
    const lock = JSON.parse(read(join(root, 'package-lock.json'))) as {
      packages: Record<string, { version?: string; integrity?: string }>;
    };
    expect(lock.packages['node_modules/aws-cdk']).toMatchObject({
      version: cli.version,
      integrity: expect.stringMatching(/^sha512-/),
    });
  });

  it('ships tools that run with Node alone, away from node_modules', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aurum-release-'));
    try {
      const built = spawnSync(
        join(root, 'node_modules/.bin/esbuild'),
        [
          'infra/tools/smoke-test.ts',
          'infra/tools/live-aliases.ts',
          '--bundle',
          '--platform=node',
          '--target=node24',
          '--format=cjs',
          '--out-extension:.js=.cjs',
          `--outdir=${dir}/tools`,
          '--log-level=warning',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(built.status).toBe(0);
      const alone = mkdtempSync(join(tmpdir(), 'aurum-alone-'));
      cpSync(join(dir, 'tools'), join(alone, 'tools'), { recursive: true });
      for (const tool of ['smoke-test.cjs', 'live-aliases.cjs']) {
        const ran = spawnSync(process.execPath, [join(alone, 'tools', tool)], { cwd: alone, encoding: 'utf8' });
        expect({ tool, status: ran.status, usage: ran.stderr.split('\n')[0] }).toEqual({
          tool,
          status: 2,
          usage: expect.stringMatching(/^usage: /),
        });
      }
      rmSync(alone, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('diff', () => {
  const synth = diff.jobs.synth as Job;
  const job = diff.jobs.diff as Job;

  it('synthesizes each stage with no AWS token, and diffs it with the read-only role and the shipped CLI', () => {
    expect(Object.keys(diff.on)).toEqual(['pull_request']);
    for (const j of [synth, job]) expect(j.strategy?.matrix?.stage).toEqual(Object.keys(stages));
    expect(synth.permissions).toEqual({ contents: 'read' });
    expect(runs(synth)).toEqual([
      'npm ci --ignore-scripts --no-audit --no-fund',
      'bash infra/tools/pack-release.sh "$STAGE" diff',
    ]);
    expect(job.needs).toBe('synth');
    expect(stageRoleOf(job)).toEqual({ stage: '${{ matrix.stage }}', role: 'diff', release: 'release' });
    expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write', 'pull-requests': 'write' });
  });

  it('runs cdk diff of the stage and comments it on the pull request', () => {
    const diffStep = job.steps?.find((s) => s.run?.includes('cdk diff'));
    expect(diffStep?.run).toContain('node release/aws-cdk/bin/cdk diff --app release/cdk.out --method=template');
    const comment = job.steps?.find((s) => s.uses?.startsWith('actions/github-script@'));
    expect(String(comment?.with?.script)).toContain('github.rest.issues.createComment');
  });
});

describe('deploy', () => {
  const deployJobs = Object.entries(deploy.jobs).filter(([, job]) =>
    runs(job).some((r) => r.includes(' deploy --app ')),
  );
  const DEPLOY =
    'node release/aws-cdk/bin/cdk deploy --app release/cdk.out --all --require-approval never --no-notices --outputs-file release/outputs.json';

  it('runs on a push to main or a v* tag, and nothing else', () => {
    expect(deploy.on).toEqual({ push: { branches: ['main'], tags: ['v*'] } });
  });

  it("has the tests pack the release of the ref's stage", () => {
    expect(deploy.jobs.test?.with).toEqual({
      stage: "${{ startsWith(github.ref, 'refs/tags/v') && 'prod' || 'dev' }}",
    });
  });

  it('deploys each stage from its trigger only, after the tests, its own release, one deploy at a time', () => {
    expect(deployJobs.map(([id]) => id).sort()).toEqual(Object.keys(DEPLOY_TRIGGERS).sort());
    for (const [stage, job] of deployJobs) {
      const trigger = DEPLOY_TRIGGERS[stage];
      expect({ stage, role: stageRoleOf(job) }).toEqual({
        stage,
        role: { stage, role: 'deploy', release: 'release', 'duration-seconds': '7200' },
      });
      expect(stepsNamed(job).find((s) => s.uses?.startsWith('actions/download-artifact@'))?.with).toEqual({
        name: `release-${stage}`,
        path: 'release',
      });
      expect(runs(job).filter((r) => r.includes(' deploy --app '))).toEqual([DEPLOY]);
      expect(job.concurrency).toEqual({ group: `deploy-${stage}`, 'cancel-in-progress': false });
      if (trigger && 'branch' in trigger)
        expect({ if: job.if, environment: job.environment, needs: job.needs }).toEqual({
          if: `github.ref == 'refs/heads/${trigger.branch}'`,
          environment: undefined,
          needs: 'test',
        });
      else
        expect({ if: job.if, environment: job.environment, needs: job.needs }).toEqual({
          if: "startsWith(github.ref, 'refs/tags/v')",
          environment: trigger?.environment,
          needs: ['test', 'prod-diff'],
        });
    }
  });

  it('records the live aliases before the deploy, smoke-tests after it, and rolls back only when the smoke test fails', () => {
    for (const [stage, job] of deployJobs) {
      const record = indexOf(
        job,
        (s) => s.run === 'node release/tools/live-aliases.cjs record "$STACK" release/live-before.json',
      );
      const deployed = indexOf(job, (s) => s.run === DEPLOY);
      const smoke = indexOf(job, (s) => s.run === 'node release/tools/smoke-test.cjs release/outputs.json "$STACK"');
      const rollback = indexOf(
        job,
        (s) => s.run === 'node release/tools/live-aliases.cjs restore release/live-before.json',
      );
      expect({
        stage,
        order: [record, deployed, smoke, rollback].every(
          (at, i, all) => at >= 0 && (i === 0 || at > (all[i - 1] as number)),
        ),
      }).toEqual({ stage, order: true });
      expect(stepsNamed(job)[smoke]?.id).toBe('smoke');
      expect(stepsNamed(job)[rollback]?.if).toBe("failure() && steps.smoke.outcome == 'failure'");
      for (const at of [record, smoke])
        expect(stepsNamed(job)[at]?.env).toEqual({ STACK: '${{ steps.role.outputs.stack }}' });
      expect(stepsNamed(job).find((s) => s.uses === './.github/actions/stage-role')?.id).toBe('role');
    }
  });

  it('deploys dev from main and prod from a tag of main, behind the prod environment', () => {
    expect(deploy.jobs.dev?.if).toBe("github.ref == 'refs/heads/main'");
    expect(deploy.jobs.prod).toMatchObject({ if: "startsWith(github.ref, 'refs/tags/v')", environment: 'prod' });
    expect(runs(deploy.jobs.prod as Job)[0]).toBe('git merge-base --is-ancestor "$GITHUB_SHA" origin/main');
  });

  it("shows the tag's diff against prod in the run's summary before the approval, with the read-only role", () => {
    const job = deploy.jobs['prod-diff'] as Job;
    expect({ if: job.if, needs: job.needs, environment: job.environment }).toEqual({
      if: "startsWith(github.ref, 'refs/tags/v')",
      needs: 'test',
      environment: undefined,
    });
    expect(stageRoleOf(job)).toEqual({ stage: 'prod', role: 'diff', release: 'release' });
    expect(stepsNamed(job).find((s) => s.uses?.startsWith('actions/download-artifact@'))?.with).toEqual({
      name: 'release-prod',
      path: 'release',
    });
    const diffAt = indexOf(
      job,
      (s) =>
        s.run?.includes(
          'node release/aws-cdk/bin/cdk diff --app release/cdk.out --method=template --no-color 2>&1 | tee release/cdk-diff.txt',
        ) === true,
    );
    const summaryAt = indexOf(job, (s) => s.run?.includes('>> "$GITHUB_STEP_SUMMARY"') === true);
    expect(diffAt).toBeGreaterThan(-1);
    expect(summaryAt).toBeGreaterThan(diffAt);
    expect(stepsNamed(job)[summaryAt]?.run).toContain('release/cdk-diff.txt');
    expect(deploy.jobs.prod?.needs).toContain('prod-diff');
  });
});

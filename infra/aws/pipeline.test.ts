/**
 * The GitHub Actions workflows (docs/pipeline.md): each file valid against GitHub's workflow
 * schema (action-validator, offline), and the rules the road to production rests on: AWS only
 * through OpenID Connect, never stored keys; CI exactly as .ci/run; dev deployed from main only,
 * prod from a tag only and behind the `prod` environment; the least permissions per job.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { stages } from '../stages';
import { DEPLOY_TRIGGERS } from './pipeline-access';

interface Step {
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
  environment?: string;
  permissions?: Record<string, string> | string;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean | string };
  strategy?: { matrix?: Record<string, unknown> };
  steps?: Step[];
}
interface Workflow {
  on: Record<string, { branches?: string[]; tags?: string[] } | null>;
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

const allJobs = () => Object.entries({ ci, diff, deploy }).flatMap(([name, w]) => Object.entries(w.jobs).map(([id, job]) => ({ at: `${name}/${id}`, workflow: w, job })));
const runs = (job: Job) => (job.steps ?? []).flatMap((s) => (s.run ? [s.run.trim()] : []));
const stageRoleOf = (job: Job) => (job.steps ?? []).find((s) => s.uses === './.github/actions/stage-role')?.with;

describe('action-validator', () => {
  const validator = join(root, 'node_modules/.bin/action-validator');
  const validate = (file: string) => spawnSync(validator, [file], { encoding: 'utf8', timeout: 60_000 });

  it.each([...workflowFiles.map((f) => join(WORKFLOWS, f)), ...actionFiles].map((f) => relative(root, f)))('finds %s valid', (file) => {
    const result = validate(join(root, file));
    expect({ status: result.status, errors: result.stderr }).toEqual({ status: 0, errors: '' });
  });

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

describe('AWS access', () => {
  it('is through OpenID Connect only: no stored AWS key, no secret at all, anywhere in .github', () => {
    for (const file of [...workflowFiles.map((f) => join(WORKFLOWS, f)), ...actionFiles]) {
      expect({ file, found: read(file).match(/aws-access-key-id|aws-secret-access-key|aws-session-token|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|secrets\./gi) }).toEqual({ file, found: null });
    }
  });

  it('is requested with id-token: write by every job that assumes a role, and by no other', () => {
    const assuming = allJobs().filter(({ job }) => (job.steps ?? []).some(assumesRole));
    expect(assuming.map((j) => j.at).sort()).toEqual(['deploy/dev', 'deploy/prod', 'diff/diff']);
    for (const { at, job } of allJobs()) {
      const idToken = typeof job.permissions === 'object' ? job.permissions['id-token'] : undefined;
      expect({ at, idToken }).toEqual({ at, idToken: assuming.some((j) => j.at === at) ? 'write' : undefined });
    }
  });

  it("checks the credentials are the stage's account", () => {
    const configure = localAction('./.github/actions/stage-role').runs.steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
    expect(configure?.with).toMatchObject({ 'role-to-assume': '${{ steps.stage.outputs.role }}', 'allowed-account-ids': '${{ steps.stage.outputs.account }}' });
  });
});

describe('permissions and pins', () => {
  it('give every workflow read-only contents by default and every job its own short list', () => {
    for (const w of [ci, diff, deploy]) expect(w.permissions).toEqual({ contents: 'read' });
    for (const { at, job } of allJobs()) {
      const writes = Object.entries(typeof job.permissions === 'object' ? job.permissions : { all: String(job.permissions) }).filter(([, level]) => level !== 'read');
      const allowed = at === 'diff/diff' ? ['id-token', 'pull-requests'] : at.startsWith('deploy/') && at !== 'deploy/test' ? ['id-token'] : [];
      expect({ at, writes: writes.map(([scope]) => scope).sort() }).toEqual({ at, writes: allowed });
    }
  });

  it('pin every action to a major version or a commit', () => {
    const steps = [...allJobs().flatMap(({ job }) => job.steps ?? []), ...localAction('./.github/actions/stage-role').runs.steps];
    for (const { uses } of steps.filter((s) => s.uses && !s.uses.startsWith('./'))) {
      expect(uses).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
    }
  });
});

describe('ci', () => {
  const job = ci.jobs.test as Job;

  it("runs on every pull request, and on every push to main or a v* tag as the deploy workflow's first job", () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'workflow_call']);
    expect(deploy.jobs.test?.uses).toBe('./.github/workflows/ci.yml');
  });

  it("runs .ci/run's install and test commands, in its order, with its Node and an npm cache", () => {
    const ciRun = read(join(root, '.ci/run'));
    const commands = ciRun.split('\n').filter((line) => /^(bash|npm) /.test(line));
    expect(commands).toEqual(['bash infra/tools/install-system-deps.sh', 'npm install --no-audit --no-fund', 'npm test']);
    expect(runs(job)).toEqual(commands);
    const setupNode = job.steps?.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toEqual({ 'node-version-file': '.nvmrc', cache: 'npm' });
    expect(job.steps?.indexOf(setupNode as Step)).toBeLessThan(job.steps?.findIndex((s) => s.run !== undefined) ?? -1);
    expect(read(join(root, '.nvmrc')).trim()).toBe(/major !== "(\d+)"/.exec(ciRun)?.[1]);
  });

  it('runs on ubuntu-latest with time to spare', () => {
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job['timeout-minutes']).toBeGreaterThanOrEqual(60);
  });
});

describe('diff', () => {
  const job = diff.jobs.diff as Job;

  it("runs on pull requests only, for every stage, with the stage's read-only role", () => {
    expect(Object.keys(diff.on)).toEqual(['pull_request']);
    expect(job.strategy?.matrix?.stage).toEqual(Object.keys(stages));
    expect(stageRoleOf(job)).toEqual({ stage: '${{ matrix.stage }}', role: 'diff' });
    expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write', 'pull-requests': 'write' });
  });

  it('runs cdk diff of the stage and comments it on the pull request', () => {
    const diffStep = job.steps?.find((s) => s.run?.includes('npx cdk diff'));
    expect(diffStep?.run).toContain('npx cdk diff -c stage="$STAGE" --method=template');
    expect(diffStep?.env).toEqual({ STAGE: '${{ matrix.stage }}' });
    const comment = job.steps?.find((s) => s.uses?.startsWith('actions/github-script@'));
    expect(String(comment?.with?.script)).toContain('github.rest.issues.createComment');
  });
});

describe('deploy', () => {
  const deployJobs = Object.entries(deploy.jobs).filter(([, job]) => runs(job).some((r) => r.startsWith('npm run deploy')));

  it('runs on a push to main or a v* tag, and nothing else', () => {
    expect(deploy.on).toEqual({ push: { branches: ['main'], tags: ['v*'] } });
  });

  it('deploys each stage from its trigger only, after the tests, one deploy at a time', () => {
    expect(deploy.jobs.test?.uses).toBe('./.github/workflows/ci.yml');
    expect(deployJobs.map(([id]) => id).sort()).toEqual(Object.keys(DEPLOY_TRIGGERS).sort());
    for (const [stage, job] of deployJobs) {
      const trigger = DEPLOY_TRIGGERS[stage];
      expect({ stage, needs: job.needs, role: stageRoleOf(job) }).toEqual({ stage, needs: 'test', role: expect.objectContaining({ stage, role: 'deploy' }) });
      expect(runs(job).filter((r) => r.startsWith('npm run deploy'))).toEqual([`npm run deploy -- -c stage=${stage} --all --require-approval never`]);
      expect(job.concurrency).toEqual({ group: `deploy-${stage}`, 'cancel-in-progress': false });
      if (trigger && 'branch' in trigger) expect({ if: job.if, environment: job.environment }).toEqual({ if: `github.ref == 'refs/heads/${trigger.branch}'`, environment: undefined });
      else expect({ if: job.if, environment: job.environment }).toEqual({ if: "startsWith(github.ref, 'refs/tags/v')", environment: trigger?.environment });
    }
  });

  it('deploys dev from main and prod from a tag of main, behind the prod environment', () => {
    expect(deploy.jobs.dev?.if).toBe("github.ref == 'refs/heads/main'");
    expect(deploy.jobs.prod).toMatchObject({ if: "startsWith(github.ref, 'refs/tags/v')", environment: 'prod' });
    expect(runs(deploy.jobs.prod as Job)[0]).toBe('git merge-base --is-ancestor "$GITHUB_SHA" origin/main');
  });
});

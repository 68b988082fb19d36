/**
 * The repository stands on its own: every path a file names is a file of the repository, every
 * section a comment sends the reader to is a heading of that document, and nothing points to
 * documents a clone does not have or to the tracker's issue numbers (a comment says why the code
 * is so; how it came to be is the commit log's business).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const TEXT_FILE = /\.(ts|tsx|cjs|mjs|md|sh|json|ya?ml)$/;

/** What git tracks, and the new files it does not ignore: the repository as a clone will have it. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => TEXT_FILE.test(f) && f !== 'package-lock.json' && existsSync(join(ROOT, f)));
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

interface Hit {
  file: string;
  line: number;
  match: RegExpMatchArray;
}

/** Every match of `pattern` in every file but this one. */
function findAll(pattern: RegExp): Hit[] {
  const found: Hit[] = [];
  for (const [file, body] of text) {
    if (file === 'tests/references.test.ts') continue;
    for (const match of body.matchAll(pattern))
      found.push({ file, line: body.slice(0, match.index).split('\n').length, match });
  }
  return found;
}

const shown = (hits: Hit[]) => hits.map(({ file, line, match }) => `${file}:${line}: ${match[0]}`);

// Built from parts, so that this file does not match its own patterns.
const OUTSIDE_DOCS = new RegExp(['\\b(spec|design)\\.md\\b', '\\bDEVELOPERS\\.md\\b'].join('|'), 'g');
const RELATIVE_PATH = /(?<![\w.])(?:\.\.\/)+[\w.-]+/g;
const ISSUE_NUMBER = new RegExp(['\\bissues?', '\\s+#?\\d+'].join(''), 'gi');
const REPO_PATH =
  /(?<![\w./-])((?:lambdas|web|shared|infra|tests|bench|docs)\/[\w./-]*\.(?:tsx?|md|json|sh|cjs|png))\b/g;
const SECTION_REFERENCE = /\b(docs\/[\w/.-]+\.md), "([^"]+)"/g;

it('reads the repository', () => {
  expect(text.size).toBeGreaterThan(400);
  expect(text.has('shared/api.ts')).toBe(true);
});

it('points to no document outside the repository', () => {
  expect(shown(findAll(OUTSIDE_DOCS))).toEqual([]);
});

it('climbs out of the repository with no relative path', () => {
  const outside = findAll(RELATIVE_PATH).filter(({ file, match }) =>
    relative(ROOT, resolve(ROOT, dirname(file), match[0])).startsWith('..'),
  );
  expect(shown(outside)).toEqual([]);
});

it('cites no issue number, in code or in docs', () => {
  expect(shown(findAll(ISSUE_NUMBER))).toEqual([]);
});

it('names only paths that exist', () => {
  const missing = findAll(REPO_PATH).filter(({ match }) => !existsSync(join(ROOT, match[1] ?? '')));
  expect(shown(missing)).toEqual([]);
});

it('sends readers only to headings their document has', () => {
  const headings = (doc: string) =>
    (text.get(doc) ?? '')
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .map((l) => l.replace(/^#+\s*/, ''));
  // A heading named across a comment's line break reads as one line.
  const oneLine = (heading: string) => heading.replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ');
  const missing = findAll(SECTION_REFERENCE).filter(
    ({ match: [, doc = '', heading = ''] }) => !headings(doc).includes(oneLine(heading)),
  );
  expect(shown(missing)).toEqual([]);
});

it("links in Markdown lead to the repository's own files", () => {
  const broken: string[] = [];
  for (const [file, body] of text) {
    if (!file.endsWith('.md')) continue;
    for (const m of body.matchAll(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z]+:/.test(target)) continue;
      const path = normalize(join(dirname(file), target));
      if (path.startsWith('..') || !existsSync(join(ROOT, path))) broken.push(`${file}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

it('finds what it looks for (each check replayed on a sample)', () => {
  expect('see the spec.md and DEVELOPERS.md'.match(OUTSIDE_DOCS)).toHaveLength(2);
  expect('from ../../shared/api and ../shared/x'.match(RELATIVE_PATH)).toEqual(['../../shared', '../shared']);
  expect('// Beyond issue 18 and Issues #3'.match(ISSUE_NUMBER)).toHaveLength(2);
  expect([...'in lambdas/lib/data/table.ts and web/x.tsx'.matchAll(REPO_PATH)].map((m) => m[1])).toEqual([
    'lambdas/lib/data/table.ts',
    'web/x.tsx',
  ]);
});

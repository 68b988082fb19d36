/**
 * The local stack gives the handlers their settings explicitly (configureRuntime), never by
 * writing process.env: environment writes made the order of imports matter, and leaked the
 * stack's settings into every child process and tool sharing its process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Writes to process.env: assignments (compound ones too), Object.assign & co., delete. */
const ENV_WRITE = [
  /\bprocess\.env\s*(?:\.\s*\w+|\[[^\]]*\])?\s*(?:\?\?|\|\||&&|[-+*/%&|^]|\*\*|<<|>>>?)?=(?!=)/,
  /\b(?:Object\.(?:assign|defineProperty|defineProperties)|Reflect\.(?:set|defineProperty|deleteProperty))\(\s*process\.env\b/,
  /\bdelete\s+process\.env\b/,
];

const here = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const writesEnv = (source: string) =>
  source
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(
      ({ line }) => !line.startsWith('//') && !line.startsWith('*') && ENV_WRITE.some((pattern) => pattern.test(line)),
    );

it('finds every form of write it looks for, and no read', () => {
  for (const write of [
    'process.env.TABLE_NAME = name;',
    "process.env['TABLE_NAME'] = name;",
    'process.env[key]=value',
    "process.env.LOG ??= 'WARN';",
    'process.env = { ...saved };',
    'Object.assign(process.env, { TABLE_NAME: name });',
    "Reflect.set(process.env, 'A', 'b');",
    'delete process.env.DYNAMODB_ENDPOINT;',
  ])
    expect(writesEnv(write)).toHaveLength(1);
  for (const read of [
    'const port = Number(process.env.PORT ?? 3000);',
    "if (process.env.WEB === 'serve') start();",
    "const level = process.env['LOG'] !== undefined;",
    'spawn(cmd, { env: { ...process.env, PORT: "0" } });',
  ])
    expect(writesEnv(read)).toEqual([]);
});

it('infra/local writes no environment variable', () => {
  const files = sourceFiles(here);
  expect(files.map((f) => relative(here, f))).toContain('stack.ts');
  const writes = files.flatMap((file) =>
    writesEnv(readFileSync(file, 'utf8')).map(({ line, number }) => `${relative(here, file)}:${number}: ${line}`),
  );
  expect(writes).toEqual([]);
});

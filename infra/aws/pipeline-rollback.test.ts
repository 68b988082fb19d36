/**
 * The deploy workflow's rollback (infra/tools/live-alias-rollback.ts) on an in-memory Lambda: it records what
 * each of the stack's `live` aliases serves before a deploy, and after a failed smoke test points
 * each one back there, a canary's split included, leaving untouched what already serves it.
 */
import {
  type AliasApi,
  LIVE_ALIAS,
  type LiveAlias,
  parseLiveRecord,
  recordLive,
  restoreLive,
  stackFunctionPrefix,
} from '../tools/live-alias-rollback';
import { LIVE_ALIAS as RELEASED_ALIAS } from './releases';

/** Lambda's aliases, by function name; `calls` logs each change. */
function lambda(aliases: Record<string, LiveAlias | undefined>) {
  const calls: string[] = [];
  const api: AliasApi = {
    functionNames: async (prefix) => Object.keys(aliases).filter((name) => name.startsWith(prefix)),
    liveAlias: async (name) => (aliases[name] ? { ...aliases[name] } : undefined),
    pointLive: async (name, version) => {
      calls.push(`${name} → ${version}`);
      aliases[name] = { version, weights: {} };
    },
  };
  return { api, aliases, calls };
}

it("rolls back the alias the canaried routes invoke (releases.ts')", () => {
  expect(LIVE_ALIAS).toBe(RELEASED_ALIAS);
});

it("records the live version of the stack's functions only, and none of a function without the alias", async () => {
  const { api } = lambda({
    'AurumPortal-prod-ApiaddDepositFn-AB12': { version: '7', weights: {} },
    'AurumPortal-prod-ApigetPortfolioFn-CD34': undefined,
    'AurumPortal-prod-Edge-Fn-EF56': undefined,
    'AurumPortal-dev-ApiaddDepositFn-GH78': { version: '3', weights: {} },
  });
  expect(await recordLive(api, 'AurumPortal-prod')).toEqual({ 'AurumPortal-prod-ApiaddDepositFn-AB12': '7' });
  expect(stackFunctionPrefix('AurumPortal-prod')).toBe('AurumPortal-prod-');
});

it('points every moved or split alias back at its recorded version, and leaves the others alone', async () => {
  const { api, calls } = lambda({
    'S-moved': { version: '8', weights: {} },
    'S-split': { version: '4', weights: { '5': 0.1 } },
    'S-same': { version: '2', weights: {} },
  });
  const moved = await restoreLive(api, { 'S-moved': '7', 'S-split': '4', 'S-same': '2' });
  expect(calls).toEqual(['S-moved → 7', 'S-split → 4']);
  expect(moved).toEqual(['S-moved: live 8 → 7', 'S-split: live 4 (split) → 4']);
  expect(await restoreLive(api, { 'S-moved': '7', 'S-split': '4', 'S-same': '2' })).toEqual([]);
});

it('round-trips: what was recorded before a deploy is what serves after the rollback', async () => {
  const { api, aliases } = lambda({ 'S-a': { version: '10', weights: {} }, 'S-b': { version: '3', weights: {} } });
  const record = parseLiveRecord(JSON.parse(JSON.stringify(await recordLive(api, 'S'))));
  aliases['S-a'] = { version: '11', weights: {} };
  aliases['S-b'] = { version: '3', weights: { '4': 0.1 } };
  await restoreLive(api, record);
  expect(aliases).toEqual({ 'S-a': { version: '10', weights: {} }, 'S-b': { version: '3', weights: {} } });
});

it('refuses a record that is not function names to published version numbers', () => {
  expect(() => parseLiveRecord([])).toThrow('not an object of function names to versions');
  expect(() => parseLiveRecord({ fn: '$LATEST' })).toThrow(
    'gives fn the version "$LATEST", not a published version number',
  );
  expect(() => parseLiveRecord({ fn: 7 })).toThrow('not a published version number');
  expect(parseLiveRecord({ fn: '7' })).toEqual({ fn: '7' });
});

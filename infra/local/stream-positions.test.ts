/**
 * Where the local event source mapping starts each shard (resumePlan, firstPlan) over stream
 * listings DynamoDB Local does not make on demand (a split's parents and children, trimmed
 * parents), and the positions file itself: kept per stream ARN, rewritten whole.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Shard } from '@aws-sdk/client-dynamodb-streams';
import { firstPlan, resumePlan, type ShardPosition, StreamPositions } from './stream-positions';

const shard = (id: string, parent?: string, closed = false): Shard => ({
  ShardId: id,
  ...(parent ? { ParentShardId: parent } : {}),
  SequenceNumberRange: { StartingSequenceNumber: '1', ...(closed ? { EndingSequenceNumber: '9' } : {}) },
});
const savedIn = (positions: Record<string, ShardPosition>) => (shardId: string) => positions[shardId];

// A split: `parent` closed, its children `left` and `right` open.
const split = [shard('parent', undefined, true), shard('left', 'parent'), shard('right', 'parent')];

describe('resumePlan', () => {
  it('reads a never-read stream from its oldest shards, their children after them', () => {
    expect(resumePlan(split, savedIn({}))).toEqual([{ shardId: 'parent', at: { type: 'TRIM_HORIZON' } }]);
  });

  it('resumes a shard after its last handled record', () => {
    expect(resumePlan(split, savedIn({ parent: { after: '5' } }))).toEqual([
      { shardId: 'parent', at: { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: '5' } },
    ]);
  });

  it('starts the children of a parent read to its end: a child never read at TRIM_HORIZON, one read after its record', () => {
    expect(resumePlan(split, savedIn({ parent: { after: '9', ended: true }, left: { after: '12' } }))).toEqual([
      { shardId: 'left', at: { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: '12' } },
      { shardId: 'right', at: { type: 'TRIM_HORIZON' } },
    ]);
  });

  it('reads children whose parent was trimmed from the stream from their oldest record', () => {
    expect(
      resumePlan([shard('left', 'trimmed'), shard('right', 'trimmed')], savedIn({ trimmed: { after: '3' } })),
    ).toEqual([
      { shardId: 'left', at: { type: 'TRIM_HORIZON' } },
      { shardId: 'right', at: { type: 'TRIM_HORIZON' } },
    ]);
  });

  it('does not read a shard read to its end again', () => {
    expect(resumePlan([shard('parent', undefined, true)], savedIn({ parent: { after: '9', ended: true } }))).toEqual(
      [],
    );
  });
});

describe('firstPlan (no kept position)', () => {
  it('LATEST: the open shards; TRIM_HORIZON: the oldest', () => {
    expect(firstPlan(split, 'LATEST')).toEqual([
      { shardId: 'left', at: { type: 'LATEST' } },
      { shardId: 'right', at: { type: 'LATEST' } },
    ]);
    expect(firstPlan(split, 'TRIM_HORIZON')).toEqual([{ shardId: 'parent', at: { type: 'TRIM_HORIZON' } }]);
  });
});

describe('StreamPositions', () => {
  let dir: string;
  let file: string;
  let logged: string[];
  const log = (line: string) => void logged.push(line);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'aurum-positions-unit-'));
    file = join(dir, 'stream-positions.json');
    logged = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each shard of the stream it reads, rewriting the file whole and leaving nothing beside it', () => {
    const positions = StreamPositions.load(file, 'arn:stream-1', log);
    expect(logged).toEqual([]); // a stream never read is simply read from its start: nothing to warn of
    positions.set('shard-a', { after: '7' });
    positions.set('shard-b', { after: '9', ended: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      'arn:stream-1': { 'shard-a': { after: '7' }, 'shard-b': { after: '9', ended: true } },
    });
    expect(readdirSync(dir)).toEqual(['stream-positions.json']);

    const again = StreamPositions.load(file, 'arn:stream-1', log);
    expect(again.get('shard-a')).toEqual({ after: '7' });
    expect(again.keepOnly(new Set(['shard-b']))).toEqual(['shard-a']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      'arn:stream-1': { 'shard-b': { after: '9', ended: true } },
    });
  });

  it("ignores another stream's positions and drops them at the next write", () => {
    writeFileSync(file, JSON.stringify({ 'arn:old': { 'shard-a': { after: '7' } } }));
    const positions = StreamPositions.load(file, 'arn:new', log);
    expect(positions.get('shard-a')).toBeUndefined();
    expect(logged[0]).toBe('positions kept for another stream (arn:old: its table was created again) are ignored');
    positions.set('shard-x', { after: '1' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'arn:new': { 'shard-x': { after: '1' } } });
  });

  it('reads every shard from its oldest record when the file is not a positions file', () => {
    for (const text of ['{"arn:s": {"shard-a": {"after": 7}}}', 'not json', '[]']) {
      writeFileSync(file, text);
      logged = [];
      expect(StreamPositions.load(file, 'arn:s', log).get('shard-a')).toBeUndefined();
      expect(logged[0]).toBe(
        `${file} is not a positions file: it is ignored, and every shard is read from TRIM_HORIZON`,
      );
    }
  });
});

/**
 * The template reader: `only`, the one resource of a type, and a clear failure for none, several
 * or no template; the run's shared stages, one per exact config and gone when the run ends.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { StageConfig } from './stage-config';
import setup from './test-support/template-cache-setup';
import teardown from './test-support/template-cache-teardown';
import { only, stageKey, stageTemplates, TEMPLATE_CACHE_ENV } from './test-support/template-reader';

const template = Template.fromJSON({
  Resources: {
    Table: { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: 'PAY_PER_REQUEST' } },
    QueueA: { Type: 'AWS::SQS::Queue', Properties: {} },
    QueueB: { Type: 'AWS::SQS::Queue', Properties: {} },
  },
});

describe('only', () => {
  it('gives the one resource of a type with its logical id', () => {
    expect(only(template, 'AWS::DynamoDB::Table')).toEqual([
      'Table',
      { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: 'PAY_PER_REQUEST' } },
    ]);
  });

  it('fails naming the type when there is none', () => {
    expect(() => only(template, 'AWS::S3::Bucket')).toThrow('expected exactly one AWS::S3::Bucket, found 0');
  });

  it('fails naming every one found when there are several', () => {
    expect(() => only(template, 'AWS::SQS::Queue')).toThrow(
      'expected exactly one AWS::SQS::Queue, found 2 (QueueA, QueueB)',
    );
  });

  it('fails when the stage has no such template', () => {
    expect(() => only(undefined, 'AWS::CloudFront::Distribution')).toThrow(
      'expected exactly one AWS::CloudFront::Distribution, no template',
    );
  });
});

describe('the stages a run shares', () => {
  const config: StageConfig = {
    stage: 'keyed',
    account: '666666666666',
    region: 'eu-west-1',
    stackName: 'KeyedTest',
    authDomainPrefix: 'aurum-keyed-666666666666',
    fourEyesThresholdDollars: 10_000,
    adminDailyLimitDollars: 100_000,
  };
  const runCache = process.env[TEMPLATE_CACHE_ENV];
  afterEach(() => {
    if (runCache === undefined) delete process.env[TEMPLATE_CACHE_ENV];
    else process.env[TEMPLATE_CACHE_ENV] = runCache;
  });

  it('keeps one stage per exact config: the same config in another order shares it, any other value does not', () => {
    const reordered = Object.fromEntries(Object.entries(config).reverse()) as StageConfig;
    expect(stageKey(reordered)).toBe(stageKey(config));
    expect(stageKey({ ...config, fourEyesThresholdDollars: 10_001 })).not.toBe(stageKey(config));
    expect(stageKey({ ...config, ses: { fromEmail: 'a@b.example', identity: 'b.example' } })).not.toBe(
      stageKey({ ...config, ses: { fromEmail: 'a@c.example', identity: 'b.example' } }),
    );
  });

  it('reads a stage another file of the run synthesized, instead of synthesizing it again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aurum-templates-test-'));
    try {
      process.env[TEMPLATE_CACHE_ENV] = dir;
      const marker = { Resources: { Marker: { Type: 'AWS::SQS::Queue', Properties: {} } } };
      writeFileSync(
        join(dir, `${stageKey(config)}.json`),
        JSON.stringify({ template: marker, operationsTemplate: marker }),
      );
      const shared = stageTemplates(config);
      expect(only(shared.template, 'AWS::SQS::Queue')[0]).toBe('Marker');
      expect(shared.edgeTemplate).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts each run with an empty folder and removes it when the run ends, so no template outlives its code', () => {
    setup();
    const dir = process.env[TEMPLATE_CACHE_ENV] as string;
    expect(dir).not.toBe(runCache);
    expect(existsSync(dir)).toBe(true);
    mkdirSync(join(dir, 'left-over'));
    // The run's summary line is this test's to read, not the run's output to show.
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let written: string[];
    try {
      teardown();
    } finally {
      written = write.mock.calls.map(([text]) => String(text));
      write.mockRestore();
    }
    expect(written).toEqual([expect.stringMatching(/^infra stages: 0 asked for by stageTemplates/)]);
    expect(existsSync(dir)).toBe(false);
    expect(process.env[TEMPLATE_CACHE_ENV]).toBeUndefined();
  });
});

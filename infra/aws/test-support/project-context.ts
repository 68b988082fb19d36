/**
 * The context `cdk` reads from cdk.json (the recommended feature flags above all), for tests that
 * build the app themselves: they must synthesize what `cdk deploy` synthesizes. Run from the
 * project root, as `cdk` is.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function projectContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(resolve(process.cwd(), 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] };
}

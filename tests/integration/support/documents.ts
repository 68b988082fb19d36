/**
 * Clients' documents written as the monthly job writes them (statementDocument, then
 * storeDocument), by this process against a stack's table and documents bucket: the job is not
 * what these tests are about, and it may not be there to run.
 */
import { DEMO_FIRM } from '../../../infra/aws/demo-firm';
import { localCredentials } from '../../../infra/local/dynamo';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_REGION } from '../../../infra/local/stack/local-names';
import { type DocumentItem, periodOf } from '../../../lambdas/lib/documents/document-item';
import { storeDocument } from '../../../lambdas/lib/documents/document-store';
import { statementDocument } from '../../../lambdas/lib/documents/statement-document';
import { configureRuntime, resetRuntime } from '../../../lambdas/lib/runtime/runtime';
import type { StackContext } from './use-stack';

/** Points this process's lib code at the stack's table and bucket for the file's tests. */
export function useDocumentWriter(ctx: StackContext): void {
  beforeAll(() => {
    configureRuntime({
      tableName: ctx.stack.tableName,
      region: LOCAL_REGION,
      dynamoEndpoint: ctx.stack.dynamoEndpoint,
      s3Endpoint: ctx.stack.s3Endpoint,
      documentsBucket: LOCAL_DOCUMENTS_BUCKET,
      // As the local stack gives its writers: the demo firm prints on the statements.
      firm: DEMO_FIRM,
      credentials: localCredentials(),
    });
  });
  afterAll(() => resetRuntime());
}

/** The client's statement of `label` (`2026-10`), written as the job writes it; fails when the client had nothing to state. */
export async function writeStatement(sub: string, label: string, issuedAt = Date.now()): Promise<DocumentItem> {
  const period = periodOf(label);
  if (!period) throw new Error(`not a period: ${label}`);
  const rendered = await statementDocument(sub, period, { issuedAt });
  if (!rendered) throw new Error(`nothing to state for ${sub} in ${label}`);
  return (await storeDocument(sub, rendered.draft, rendered.pdf)).item;
}

/** The label of the month before the one `at` is in, and an instant in the middle of it. */
export function lastMonth(at = Date.now()): { label: string; midway: string } {
  const d = new Date(at);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  const label = new Date(start).toISOString().slice(0, 7);
  return { label, midway: new Date(start + 14 * 86_400_000).toISOString() };
}

/** The label of the month `at` is in: a period not yet ended. */
export const thisMonth = (at = Date.now()): string => new Date(at).toISOString().slice(0, 7);

/**
 * The balances exporter: invoked asynchronously with `{ exportId }` by POST
 * /api/admin/statements/balances/exports, it writes that export's CSV to S3 (lib/balances-export.ts).
 */
import { runBalancesExport } from '../lib/money/balances-export';
import { logger } from '../lib/runtime/logger';

export async function handler(event: { exportId?: unknown }): Promise<void> {
  if (typeof event.exportId !== 'string') {
    logger.error('balances export invoked without an exportId', { event });
    return;
  }
  const outcome = await runBalancesExport(event.exportId);
  logger.info('balances export', { exportId: event.exportId, outcome });
}

/**
 * An older data folder's clients join the admin list's indexes (as the runbook's migration does
 * in AWS), once: a start that was stopped before the migration finished runs it again (its marker,
 * `<dataDir>/client-list-keys.migrated`, is written only after).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateClientListKeys } from '../../../lambdas/lib/migrations/migrate-client-list-keys';
import type { TableSetup } from '../dynamo';

export async function migrateOlderDataFolder(dataDir: string, setup: TableSetup): Promise<void> {
  const listKeysMarker = join(dataDir, 'client-list-keys.migrated');
  if (!setup.created && (setup.addedIndexes.length > 0 || !existsSync(listKeysMarker))) {
    const migrated = await migrateClientListKeys();
    if (migrated.failed > 0)
      throw new Error(`${migrated.failed} clients could not be put on the admin list's indexes: start again`);
  }
  writeFileSync(listKeysMarker, new Date().toISOString());
}

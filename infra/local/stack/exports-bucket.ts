/** S3 for the balances exports and the clients' documents, as the CDK stack's buckets: the S3 stand-in, its files in `<dataDir>/s3`. */
import { join } from 'node:path';
import { settingsFromEnvironment } from '../../../lambdas/lib/runtime/settings';
import { RECORD_YEARS } from '../../../shared/record-keeping';
import { localCredentials } from '../dynamo';
import { type LocalObjectStore, startObjectStore } from '../object-store';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_EXPORTS_BUCKET, LOCAL_REGION } from './local-names';

export function startExportsBucket(dataDir: string): Promise<LocalObjectStore> {
  return startObjectStore({
    dir: join(dataDir, 's3'),
    buckets: [LOCAL_EXPORTS_BUCKET, LOCAL_DOCUMENTS_BUCKET],
    bucketOptions: {
      // As a production stage's documents bucket (infra/aws/documents.ts): every version locked in
      // compliance mode for the recordYears the handlers are given (RECORD_YEARS, or 7), and its
      // policy's refusal of a write without If-None-Match.
      [LOCAL_DOCUMENTS_BUCKET]: {
        objectLock: { mode: 'COMPLIANCE', years: settingsFromEnvironment().recordYears ?? RECORD_YEARS.default },
        conditionalWritesOnly: true,
      },
    },
    credentials: localCredentials(),
    region: LOCAL_REGION,
  });
}

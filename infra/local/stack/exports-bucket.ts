/** S3 for the balances exports and the clients' documents, as the CDK stack's buckets: the S3 stand-in, its files in `<dataDir>/s3`. */
import { join } from 'node:path';
import { localCredentials } from '../dynamo';
import { type LocalObjectStore, startObjectStore } from '../object-store';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_EXPORTS_BUCKET, LOCAL_REGION } from './local-names';

export function startExportsBucket(dataDir: string): Promise<LocalObjectStore> {
  return startObjectStore({
    dir: join(dataDir, 's3'),
    buckets: [LOCAL_EXPORTS_BUCKET, LOCAL_DOCUMENTS_BUCKET],
    credentials: localCredentials(),
    region: LOCAL_REGION,
  });
}

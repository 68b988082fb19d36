/**
 * The activity sealer: reads the table's stream (its mapping passes only ACTIVITY# items) and
 * seals each new activity entry into its month's hash chain (lib/data/activity-seal.ts), from
 * the image the stream carries, never read back from the table. An entry is written once: a
 * MODIFY (changed in place, or a Put over it) or a REMOVE of one is tampering, which it keeps
 * as a tamper record beside the seals, logs as an error and counts in the ActivityTampered
 * metric an alarm watches.
 *
 * Records are handled in order; the first that fails is reported in batchItemFailures and the
 * stream delivers it again (a seal already written is found and skipped).
 */
import { type AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { recordTamper, sealEntry } from '../lib/data/activity-seal';
import { activityKeys } from '../lib/data/table';
import { logger } from '../lib/runtime/logger';
import { runtimeSettings } from '../lib/runtime/runtime';
import {
  ACTIVITY_SEALER_NAMESPACE,
  ACTIVITY_SEALER_SERVICE,
  ACTIVITY_TAMPERED_METRIC,
} from './activity-sealer-metrics';
import { STAGE_ENV } from './weekly-growth-metrics';

const metrics = new Metrics({
  namespace: ACTIVITY_SEALER_NAMESPACE,
  serviceName: ACTIVITY_SEALER_SERVICE,
  defaultDimensions: { stage: process.env[STAGE_ENV] ?? 'local' },
});

const plain = (image: Record<string, AttributeValue> | undefined) =>
  image ? unmarshall(image as Record<string, SdkAttributeValue>) : undefined;

/** When DynamoDB wrote the record (epoch seconds on the stream), in ms; the handling time when absent. */
const writtenAtOf = (record: DynamoDBRecord) =>
  (record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000;

function countTampered(): void {
  if (!runtimeSettings().publishMetrics) return;
  try {
    metrics.addMetric(ACTIVITY_TAMPERED_METRIC, MetricUnit.Count, 1);
    metrics.publishStoredMetrics();
  } catch (error) {
    metrics.clearMetrics();
    logger.error('activity tamper metric not published', { error: error as Error });
  }
}

async function handleRecord(record: DynamoDBRecord): Promise<void> {
  const keys = plain(record.dynamodb?.Keys);
  if (!keys || !String(keys.PK).startsWith(activityKeys.prefix)) return;
  if (record.eventName === 'INSERT') {
    const entry = plain(record.dynamodb?.NewImage);
    if (!entry) throw new Error('activity sealer: an INSERT without its new image (the stream must carry new images)');
    await sealEntry(entry, writtenAtOf(record));
    return;
  }
  const change = record.eventName === 'REMOVE' ? 'REMOVE' : 'MODIFY';
  const entryPk = String(keys.PK);
  const entrySk = String(keys.SK);
  logger.error('activity entry tampered with', {
    change,
    entryPk,
    entrySk,
    before: plain(record.dynamodb?.OldImage),
    after: plain(record.dynamodb?.NewImage),
  });
  countTampered();
  await recordTamper(
    { entryPk, entrySk, change, seenAt: writtenAtOf(record) },
    record.dynamodb?.SequenceNumber ?? `${writtenAtOf(record)}`,
  );
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    try {
      await handleRecord(record);
    } catch (error) {
      logger.error('activity record not sealed; retried from the stream', {
        error: error as Error,
        eventID: record.eventID,
      });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

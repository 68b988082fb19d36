/**
 * A stream record as Lambda delivers it: plain JSON, dates in epoch seconds, binary values in
 * base64, the table's region, the stream's ARN as eventSourceARN; images stay DynamoDB JSON.
 */
import type {
  AttributeValue as StreamsAttributeValue,
  _Record as StreamsRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

export function toLambdaRecord(record: StreamsRecord, region: string, streamArn: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  const lambdaRecord: DynamoDBRecord = {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: record.eventSource ?? 'aws:dynamodb',
    awsRegion: region,
    dynamodb: {
      ApproximateCreationDateTime:
        d.ApproximateCreationDateTime && Math.floor(d.ApproximateCreationDateTime.getTime() / 1000),
      Keys: d.Keys && toLambdaImage(d.Keys),
      NewImage: d.NewImage && toLambdaImage(d.NewImage),
      OldImage: d.OldImage && toLambdaImage(d.OldImage),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
    eventSourceARN: streamArn,
    // Set on TTL deletions: { type: 'Service', principalId: 'dynamodb.amazonaws.com' }.
    userIdentity: record.userIdentity && {
      type: record.userIdentity.Type,
      principalId: record.userIdentity.PrincipalId,
    },
  };
  // Through JSON, as Lambda's event is: absent fields are absent, not `undefined`.
  return JSON.parse(JSON.stringify(lambdaRecord)) as DynamoDBRecord;
}

function toLambdaImage(image: Record<string, StreamsAttributeValue>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The SDK gives binary as bytes; Lambda's JSON has base64. The other types are the same JSON. */
function toLambdaValue(value: StreamsAttributeValue): AttributeValue {
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.$unknown !== undefined) throw new Error(`unknown attribute type ${value.$unknown[0]}`);
  return value;
}

/**
 * A client's documents as the API lists them: the DOC# items read backwards (a docId starts with
 * its date, so that is newest first), a page at a time, and each as the documents page shows it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentDto } from '../../../shared/api';
import { ddb, table } from '../runtime/db';
import { encodeListCursor, listCursorAfter } from '../data/list-cursor';
import { keys } from '../data/table';
import { DOC_ID_PATTERN, type DocumentItem, type DocumentKind } from './document-item';

/** The API's kinds are the items' own: a kind added to one and not the other does not compile. */
const sameKinds: DocumentDto['kind'] extends DocumentKind
  ? DocumentKind extends DocumentDto['kind']
    ? true
    : never
  : never = true;
void sameKinds;

/** The list the cursors name (list-cursor.ts): a cursor of another list is refused. */
const LIST = 'documents';

/** A document as the API shows it; who regenerated a correction, to administrators only. */
export function toDocumentDto(item: DocumentItem, reader: { isAdmin: boolean }): DocumentDto {
  return {
    id: item.docId,
    kind: item.kind,
    title: item.title,
    date: item.date,
    issuedAt: item.issuedAt,
    ...(item.period ? { period: item.period.label } : {}),
    ...(item.correctionOf ? { correctionOf: item.correctionOf } : {}),
    ...(reader.isAdmin && item.regeneratedBy ? { regeneratedBy: item.regeneratedBy } : {}),
  };
}

/** A page of the client's documents, newest first, from after the cursor's document. */
export async function readDocumentPage(
  sub: string,
  query: { limit: number; cursor?: string },
  reader: { isAdmin: boolean },
): Promise<{ documents: DocumentDto[]; nextCursor?: string }> {
  const after = query.cursor
    ? listCursorAfter(query.cursor, { list: LIST, search: '', shape: DOC_ID_PATTERN })
    : undefined;
  // One more than the page: a next page is promised only when there is one.
  const { Items = [] } = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :doc)',
      ExpressionAttributeValues: { ':pk': keys.clientPk(sub), ':doc': keys.documentPrefix },
      ScanIndexForward: false,
      Limit: query.limit + 1,
      ...(after ? { ExclusiveStartKey: keys.document(sub, after) } : {}),
    }),
  );
  const items = (Items as DocumentItem[]).slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    documents: items.map((item) => toDocumentDto(item, reader)),
    ...(Items.length > query.limit && last
      ? { nextCursor: encodeListCursor({ list: LIST, search: '', after: last.docId }) }
      : {}),
  };
}

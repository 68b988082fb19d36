/**
 * A client's documents, newest first: each with its title, its day and a Download button that
 * asks for a short-lived link and opens it; a regenerated statement is labelled a correction.
 * The client's Documents page and the console's client page both show it.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { DocumentDto } from '../../../../shared/api';
import { errorText, useSend } from '../../api/hooks';
import { Badge } from '../../components/badge';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { notify } from '../../components/toaster';
import { formatDate } from '../../format';
import { documentDay, useDocuments } from './document-pages';
import { openDocument } from './open-document';

const DOWNLOAD_FAILED = 'The document could not be downloaded';

function DocumentRow({ uid, document, admin }: { uid: string; document: DocumentDto; admin: boolean }) {
  const send = useSend();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await send({ route: 'getDocument', params: { uid, id: document.id } });
      openDocument(link.url);
    } catch (error) {
      notify('error', DOWNLOAD_FAILED, errorText(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack as="li" justify="space-between" gap="3" py="3" borderBottomWidth="1px" wrap="wrap">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{document.title}</Text>
          {document.correctionOf && <Badge colorPalette="orange">Correction</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {formatDate(documentDay(document), 'UTC')}
          {document.correctionOf && `, issued ${formatDate(document.issuedAt)}`}
          {admin && document.regeneratedBy && ` by ${document.regeneratedBy}`}
        </Text>
      </Box>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void download()}
        loading={busy}
        aria-label={`Download ${document.title}${document.correctionOf ? ' (correction)' : ''}`}
      >
        Download
      </Button>
    </HStack>
  );
}

export function DocumentList({
  uid,
  admin = false,
  version = 0,
  emptyHint,
}: {
  uid: string;
  /** The console's view: who regenerated a correction. */
  admin?: boolean;
  /** A new value reads the list again from its first page. */
  version?: number;
  emptyHint: string;
}) {
  const list = useDocuments(uid, version);
  if (list.documents.length === 0) {
    if (list.error) return <LoadFailed message={list.error} onRetry={list.retry} />;
    if (list.loading) return <LoadingLine label="Loading documents..." />;
    return <EmptyState title="No documents yet." hint={emptyHint} />;
  }
  return (
    <Stack gap="3">
      <Stack as="ul" gap="0" listStyleType="none" aria-label="Documents">
        {list.documents.map((document) => (
          <DocumentRow key={document.id} uid={uid} document={document} admin={admin} />
        ))}
      </Stack>
      {list.error && <LoadFailed message={list.error} onRetry={list.retry} />}
      {list.nextCursor && !list.error && (
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={list.showMore} loading={list.loading}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

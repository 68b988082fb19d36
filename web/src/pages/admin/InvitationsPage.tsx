/**
 * /admin/invitations: invite someone to open an account (the e-mail's link fills the sign-up
 * form, and a sign-up with that address opens the account at once), and every invitation, newest
 * sent first: open, used, expired or revoked, when it was sent, until when it can be used and who
 * sent it. An open one (an expired one too) can be revoked, after a confirmation.
 */
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useRef, useState } from 'react';
import type { InvitationDto } from '../../../../shared/api';
import { type InvitationStatus, invitationStatusLabels } from '../../../../shared/invitations';
import { useRoute } from '../../api/hooks';
import { Badge } from '../../components/badge';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { formatDate } from '../../format';
import { AdminPage } from './AdminPage';
import { InviteForm } from './InviteForm';
import { RevokeInvitationDialog } from './RevokeInvitationDialog';
import { WrappingTableArea } from './wrapping-table';

const STATUS_COLORS: Record<InvitationStatus, string> = {
  open: 'blue',
  used: 'green',
  expired: 'gray',
  revoked: 'red',
};

const revocable = (status: InvitationStatus) => status === 'open' || status === 'expired';

function InvitationRow({ invitation: i, onRevoke }: { invitation: InvitationDto; onRevoke: () => void }) {
  return (
    <Table.Row>
      <Table.Cell overflowWrap="anywhere">
        <Text fontWeight="medium">{`${i.firstName} ${i.lastName}`}</Text>
        <Text fontSize="xs" color="fg.muted">
          {i.email}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLORS[i.status]}>{invitationStatusLabels[i.status]}</Badge>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(i.sentAt)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(i.validUntil)}</Table.Cell>
      <Table.Cell overflowWrap="anywhere">{i.invitedBy}</Table.Cell>
      <Table.Cell textAlign="end">
        {revocable(i.status) && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={onRevoke} aria-label={`Revoke ${i.email}`}>
            Revoke
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function InvitationTable({
  invitations,
  onRevoke,
}: {
  invitations: InvitationDto[];
  onRevoke: (i: InvitationDto) => void;
}) {
  return (
    <WrappingTableArea>
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label="Invitations">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Invitee</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Sent</Table.ColumnHeader>
            <Table.ColumnHeader>Valid until</Table.ColumnHeader>
            <Table.ColumnHeader>Invited by</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invitations.map((i) => (
            <InvitationRow key={i.id} invitation={i} onRevoke={() => onRevoke(i)} />
          ))}
        </Table.Body>
      </Table.Root>
    </WrappingTableArea>
  );
}

/** The revoke dialog of one invitation; `open` false while it animates out. */
interface Revoking {
  invitation: InvitationDto;
  open: boolean;
  key: number;
}

export default function InvitationsPage() {
  const { data, error, mutate } = useRoute({ route: 'listInvitations' }, { revalidateOnMount: true });
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  const opened = useRef(0);
  const invitations = data?.invitations;
  let list;
  if (error && !data) list = <LoadFailed message="Failed to load the invitations" onRetry={() => void mutate()} />;
  else if (!invitations) list = <LoadingLine label="Loading invitations..." />;
  else if (invitations.length === 0)
    list = <EmptyState title="No invitations yet" hint="Invitations you send are listed here" />;
  else
    list = (
      <InvitationTable
        invitations={invitations}
        onRevoke={(invitation) => setRevoking({ invitation, open: true, key: ++opened.current })}
      />
    );
  return (
    <AdminPage title="Invitations" subtitle="Invite clients to open an account, valid for 7 days">
      <Stack gap="3" as="section" aria-label="Invite a client">
        <Heading as="h2" size="md">
          Invite a client
        </Heading>
        <InviteForm onSent={() => void mutate()} />
      </Stack>
      <Stack gap="3" as="section" aria-label="Sent invitations">
        <Heading as="h2" size="md">
          Sent invitations
        </Heading>
        {list}
      </Stack>
      {revoking && (
        <RevokeInvitationDialog
          key={revoking.key}
          invitation={revoking.invitation}
          open={revoking.open}
          onClose={() => setRevoking((r) => r && { ...r, open: false })}
          onDone={() => void mutate()}
        />
      )}
    </AdminPage>
  );
}

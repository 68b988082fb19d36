/**
 * /admin/approvals: the money moves above the four-eyes threshold, waiting for a second
 * administrator. The proposer sees their own actions waiting (the server refuses their approval);
 * any administrator may reject one, with a reason.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRef, useState } from 'react';
import type { PendingActionDto } from '../../api/admin-types';
import { useAuth } from '../../auth/session';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { actionFacts, actionTitle } from './action-facts';
import { ApproveActionDialog, RejectActionDialog } from './ActionDialogs';
import { Facts } from './AdminDialog';
import { usePendingActions } from './AdminNav';
import { AdminPage } from './AdminPage';
import { approveButtonColors } from './buttons';
import { ClientLine } from './ClientLine';
import { plural } from './words';

type Decision = 'approve' | 'reject';

/** The signed-in administrator proposed it: only another may approve it. */
export const proposedBySelf = (action: PendingActionDto, email: string | undefined): boolean =>
  email !== undefined && action.proposedBy.toLowerCase() === email.toLowerCase();

function ActionCard({
  action,
  own,
  onDecide,
}: {
  action: PendingActionDto;
  own: boolean;
  onDecide: (decision: Decision, action: PendingActionDto) => void;
}) {
  const title = actionTitle(action);
  return (
    <Stack
      as="li"
      gap="3"
      borderWidth="1px"
      rounded="lg"
      p="4"
      bg="bg.panel"
      aria-label={`${title} for ${action.clientEmail}`}
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'flex-start' }}>
        <Stack gap="1" minW="0">
          <Text fontWeight="bold" fontSize="lg">
            {title}
          </Text>
          <ClientLine
            client={{ displayName: action.clientName, email: action.clientEmail }}
            clientId={action.clientId}
          />
        </Stack>
        <HStack gap="2" wrap="wrap">
          {own ? (
            <Text fontSize="sm" color="fg.muted">
              Waiting for another administrator
            </Text>
          ) : (
            <Button size="sm" {...approveButtonColors} onClick={() => onDecide('approve', action)}>
              Approve
            </Button>
          )}
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDecide('reject', action)}>
            Reject
          </Button>
        </HStack>
      </Flex>
      <Facts items={actionFacts(action)} />
    </Stack>
  );
}

export default function ApprovalsPage() {
  const { user } = useAuth();
  const { data, error, mutate } = usePendingActions(true);
  const [deciding, setDeciding] = useState<{
    decision: Decision;
    action: PendingActionDto;
    open: boolean;
    key: number;
  } | null>(null);
  const opened = useRef(0);
  const onDecide = (decision: Decision, action: PendingActionDto) =>
    setDeciding({ decision, action, open: true, key: ++opened.current });
  const dialogProps = deciding && {
    action: deciding.action,
    open: deciding.open,
    onClose: () => setDeciding((d) => d && { ...d, open: false }),
    onDecided: () => void mutate(),
  };
  let list;
  if (error && !data)
    list = <LoadFailed message="Failed to load the actions waiting for approval" onRetry={() => void mutate()} />;
  else if (!data) list = <LoadingLine label="Loading actions waiting for approval..." />;
  else if (data.length === 0)
    list = (
      <EmptyState
        title="No actions waiting for approval"
        hint="Money moves above the approval threshold appear here until a second administrator decides them"
      />
    );
  else
    list = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Actions waiting for approval">
        {data.map((a) => (
          <ActionCard key={a.id} action={a} own={proposedBySelf(a, user?.email)} onDecide={onDecide} />
        ))}
      </Stack>
    );
  return (
    <AdminPage
      title="Approvals"
      subtitle="Money moves above the approval threshold wait here for a second administrator"
    >
      {data && data.length > 0 && <Text color="fg.muted">{plural(data.length, 'action')} waiting</Text>}
      {list}
      {deciding &&
        dialogProps &&
        (deciding.decision === 'approve' ? (
          <ApproveActionDialog key={deciding.key} {...dialogProps} />
        ) : (
          <RejectActionDialog key={deciding.key} {...dialogProps} />
        ))}
    </AdminPage>
  );
}

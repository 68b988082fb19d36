/**
 * /admin/applications: the new clients waiting for the firm's review (a stage's clientSignUp
 * 'review'), oldest first, each with its name (to the client's page), e-mail and date, and the
 * two decisions. A decision takes the application off the list.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRef, useState } from 'react';
import type { ApplicationDto } from '../../../../shared/api';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { formatDate } from '../../format';
import { AdminPage } from './AdminPage';
import { useApplications } from './AdminNav';
import { ApproveApplicationDialog, RejectApplicationDialog } from './ApplicationDialogs';
import { approveButtonColors } from './buttons';
import { ClientLine } from './ClientLine';
import { ago, plural } from './words';

type Decision = 'approve' | 'reject';

function ApplicationRow({
  application: a,
  onDecide,
}: {
  application: ApplicationDto;
  onDecide: (d: Decision) => void;
}) {
  const name = `${a.firstName} ${a.lastName}`.trim();
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="lg" p="4" aria-label={`Application of ${a.email}`}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Stack gap="0" minW="0">
          <ClientLine client={{ displayName: name, email: a.email }} clientId={a.id} />
          <Text fontSize="sm" color="fg.muted">
            Applied {formatDate(a.appliedAt)} ({ago(a.appliedAt)})
          </Text>
        </Stack>
        <HStack gap="2">
          <Button size="xs" {...approveButtonColors} onClick={() => onDecide('approve')}>
            Approve
          </Button>
          <Button size="xs" colorPalette="red" variant="outline" onClick={() => onDecide('reject')}>
            Reject
          </Button>
        </HStack>
      </Flex>
    </Stack>
  );
}

/** The dialog of one decision; `open` false while it animates out. */
interface Deciding {
  application: ApplicationDto;
  decision: Decision;
  open: boolean;
  key: number;
}

export default function ApplicationsPage() {
  const { data, error, mutate } = useApplications(true);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const opened = useRef(0);
  const pending = data?.applications;
  let list;
  if (error && !pending) list = <LoadFailed message="Failed to load the applications" onRetry={() => void mutate()} />;
  else if (!pending) list = <LoadingLine label="Loading applications..." />;
  else if (pending.length === 0)
    list = <EmptyState title="No applications waiting" hint="New clients wait here for review when they sign up" />;
  else
    list = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Applications">
        {pending.map((a) => (
          <ApplicationRow
            key={a.id}
            application={a}
            onDecide={(decision) => setDeciding({ application: a, decision, open: true, key: ++opened.current })}
          />
        ))}
      </Stack>
    );
  const dialogProps = deciding && {
    application: deciding.application,
    open: deciding.open,
    onClose: () => setDeciding((d) => d && { ...d, open: false }),
    onDecided: () => void mutate(),
  };
  return (
    <AdminPage title="Applications" subtitle="New clients waiting for review, oldest first">
      <Text color="fg.muted">{pending ? `${plural(pending.length, 'application')} waiting` : ''}</Text>
      {list}
      {dialogProps && deciding?.decision === 'approve' && (
        <ApproveApplicationDialog key={deciding.key} {...dialogProps} />
      )}
      {dialogProps && deciding?.decision === 'reject' && (
        <RejectApplicationDialog key={deciding.key} {...dialogProps} />
      )}
    </AdminPage>
  );
}

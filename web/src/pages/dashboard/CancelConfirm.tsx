/**
 * The confirm step of "Cancel request" on a pending withdrawal request, and the cancel itself
 * (in the withdrawal flows' chunk: withdrawal-flows.ts). An administrator may decide the request
 * at the same moment: the API then refuses the cancel (409), which is said calmly, and the
 * requests are read again so the decision shows.
 */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { keyOf } from '../../api/calls';
import { ApiError } from '../../api/client';
import { errorText, useSend } from '../../api/hooks';
import { notify } from '../../components/toaster';
import { usd } from '../../format';

/** What the card says under a request after a cancel that did not go through. */
export interface CancelNotice {
  requestId: string;
  text: string;
  /** Not a failure: an administrator decided first. */
  calm: boolean;
}

export function CancelConfirm({
  userId,
  request,
  onNotice,
  onClose,
}: {
  userId: string;
  request: WithdrawalRequestDto;
  onNotice: (notice: CancelNotice | null) => void;
  /** Back to the "Cancel request" button: kept, or done. */
  onClose: () => void;
}) {
  const send = useSend();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const uid = { uid: userId };
  const reread = () =>
    Promise.all([
      mutate(keyOf({ route: 'listMyWithdrawalRequests', params: uid })),
      mutate(keyOf({ route: 'getEligibility', params: uid })),
    ]);

  const cancel = async () => {
    setBusy(true);
    onNotice(null);
    try {
      await send({ route: 'cancelWithdrawalRequest', params: { uid: userId, id: request.id } });
      notify('success', 'Request cancelled', `${usd(request.amount)} is back in your eligible profit.`);
    } catch (error) {
      const decided = error instanceof ApiError && error.status === 409;
      onNotice({
        requestId: request.id,
        calm: decided,
        text: decided
          ? 'An administrator decided this request before it could be cancelled. Its decision is shown here.'
          : errorText(error, 'The request could not be cancelled. Please try again.'),
      });
    } finally {
      setBusy(false);
      onClose();
    }
    await reread();
  };

  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg.muted">
      <Text fontSize="sm">
        Cancel your request for {usd(request.amount)}? The amount goes back to your eligible profit.
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="red" onClick={() => void cancel()} loading={busy} loadingText="Cancelling...">
          Yes, cancel it
        </Button>
        <Button size="sm" variant="outline" onClick={onClose} disabled={busy}>
          Keep it
        </Button>
      </HStack>
    </Stack>
  );
}

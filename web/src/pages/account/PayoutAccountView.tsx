/**
 * The payout account as the account page shows it: masked (the server never answers more), when
 * it was set, and while its cooling-off runs, from when a withdrawal can be paid to it. Or, with
 * none yet, what it is for and the way to add one.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { MaskedPayoutAccountDto } from '../../../../shared/api';
import { describePayoutAccount } from '../../../../shared/payout-account';
import { FormAlert } from '../../components/form-field';
import { formatDate, formatDateTime, pluralize } from '../../format';
import { inCoolingOff } from '../../payout-block';
import { coolingOffHours } from '../../payout-words';

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <>
      <Box as="dt" color="fg.muted">
        {term}
      </Box>
      <Box as="dd" fontWeight="medium" wordBreak="break-word">
        {children}
      </Box>
    </>
  );
}

/** Calm words while the account cannot be paid to yet: a wait for everyone's safety, not a fault. */
function CoolingOffNote({ account }: { account: MaskedPayoutAccountDto }) {
  return (
    <FormAlert tone="info">
      Withdrawals can be paid to this account from {formatDateTime(account.usableFrom)}. For your security, a new or
      changed payout account is used only after {pluralize(coolingOffHours(account), 'hour')}.
    </FormAlert>
  );
}

export function PayoutAccountView({ account, onChange }: { account: MaskedPayoutAccountDto; onChange: () => void }) {
  return (
    <Stack gap="3" align="stretch">
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2" data-testid="payout-account">
        <Fact term="Account holder">{account.holderName}</Fact>
        <Fact term="Bank">{account.bankName}</Fact>
        <Fact term="Account">{describePayoutAccount(account)}</Fact>
      </Box>
      <Text color="fg.muted" fontSize="sm">
        Set on {formatDate(account.setAt)}
      </Text>
      {inCoolingOff(account) && <CoolingOffNote account={account} />}
      <Button variant="outline" alignSelf="flex-start" onClick={onChange}>
        Change
      </Button>
    </Stack>
  );
}

export function NoPayoutAccount({ onAdd }: { onAdd: () => void }) {
  return (
    <Stack gap="3" align="flex-start">
      <Text>Your profit withdrawals are paid to the bank account you add here. You have none yet.</Text>
      <Text color="fg.muted" fontSize="sm">
        For your security, a new payout account can be used for withdrawals only after a short waiting period.
      </Text>
      <Button colorPalette="yellow" onClick={onAdd}>
        Add payout account
      </Button>
    </Stack>
  );
}

/**
 * The account page's payout account: the bank account the client's withdrawals are paid to,
 * shown masked, and the form that adds or changes it. Its section is `#payout-account`, where the
 * dashboard sends a client who has none. The answer is kept under the route's key, so the
 * dashboard's withdrawal card shows the new account without reading it again.
 */
import { useState } from 'react';
import type { MaskedPayoutAccountDto } from '../../../../shared/api';
import { useRoute } from '../../api/hooks';
import type { User } from '../../auth/session';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { formatDateTime } from '../../format';
import { inCoolingOff } from '../../payout-block';
import { PAYOUT_ACCOUNT_SECTION } from '../../payout-words';
import { PayoutAccountForm } from './PayoutAccountForm';
import { NoPayoutAccount, PayoutAccountView } from './PayoutAccountView';

export function PayoutAccountCard({ user, twoFactor }: { user: User; twoFactor: boolean | undefined }) {
  const payout = useRoute({ route: 'getPayoutAccount', params: { uid: user.sub } });
  const [editing, setEditing] = useState(false);
  const saved = (account: MaskedPayoutAccountDto) => {
    void payout.mutate({ account }, { revalidate: false });
    setEditing(false);
    const usable = inCoolingOff(account)
      ? `Withdrawals can be paid to it from ${formatDateTime(account.usableFrom)}.`
      : 'Withdrawals are paid to it from now on.';
    notify('success', 'Payout account saved', `We have e-mailed you about the change. ${usable}`);
  };
  const account = payout.data?.account ?? null;
  let body;
  if (payout.error && !payout.data)
    body = <LoadFailed message="Could not load your payout account." onRetry={() => void payout.mutate()} />;
  else if (!payout.data) body = <LoadingLine label="Loading your payout account..." />;
  else if (editing)
    body = (
      <PayoutAccountForm
        user={user}
        current={account}
        twoFactor={twoFactor}
        onSaved={saved}
        onCancel={() => setEditing(false)}
      />
    );
  else if (account) body = <PayoutAccountView account={account} onChange={() => setEditing(true)} />;
  else body = <NoPayoutAccount onAdd={() => setEditing(true)} />;
  return (
    <SectionCard id={PAYOUT_ACCOUNT_SECTION} title="Payout account">
      {body}
    </SectionCard>
  );
}

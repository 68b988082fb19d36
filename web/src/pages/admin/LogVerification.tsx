/**
 * When the activity log was last checked against its seals (`npm run admin -- verify-activity`)
 * and what the check found: intact, the first broken entry, or that it was never checked.
 */
import { Text } from '@chakra-ui/react/text';
import { activityKindLabels, type ActivityKindName } from '../../../../shared/activity-kinds';
import type { ActivityVerificationDto } from '../../api/admin-types';
import { formatDateTime } from '../../format';

const kindLabel = (kind: string | undefined) =>
  kind && kind in activityKindLabels ? activityKindLabels[kind as ActivityKindName] : kind;

export function LogVerification({ verification }: { verification: ActivityVerificationDto | null | undefined }) {
  if (verification === undefined) return null;
  if (verification === null)
    return (
      <Text color="fg.muted" data-testid="log-verification">
        Log never verified: an operator runs <code>npm run admin -- verify-activity</code>.
      </Text>
    );
  const when = formatDateTime(verification.at);
  const found = verification.firstBreak;
  if (!found)
    return (
      <Text color="fg.muted" data-testid="log-verification">
        Log last verified {when}: intact ({verification.entries} entries, {verification.months.join(', ')}).
      </Text>
    );
  const entry = found.entryId
    ? `entry ${found.entryId}${found.at ? ` of ${formatDateTime(found.at)}` : ''}${found.kind ? ` (${kindLabel(found.kind)})` : ''}`
    : `the seals of ${found.month}`;
  return (
    <Text color="red.fg" fontWeight="semibold" role="alert" data-testid="log-verification">
      Log last verified {when}: broken. First broken: {entry}, {found.detail}.
    </Text>
  );
}

/**
 * What a new client sees while the firm reviews the account (a stage's clientSignUp 'review'):
 * that it is being reviewed, what happens next and whom to ask. No funding instructions: the
 * server gives them only once the account is approved. Refresh reads the portfolio again.
 */
import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useAppConfig } from '../../config-context';
import { SectionCard } from '../../components/section-card';

export function UnderReview({ refreshing, onRefresh }: { refreshing: boolean; onRefresh: () => void }) {
  const support = useAppConfig().firm?.supportEmail;
  return (
    <SectionCard title="We are reviewing your account">
      <Stack gap="3" data-testid="under-review">
        <Text>Thank you for signing up. Our team reviews every new account before it can be funded.</Text>
        <Text>
          What happens next: once your account is approved, we send you an e-mail, and this page shows how to make your
          first deposit.
        </Text>
        {support && (
          <Text>
            Questions? Write to us at <Link href={`mailto:${support}`}>{support}</Link>.
          </Text>
        )}
        <Button variant="outline" alignSelf="start" loading={refreshing} onClick={onRefresh}>
          Refresh
        </Button>
      </Stack>
    </SectionCard>
  );
}

/**
 * The account page's e-mail switches: which optional e-mails the notifier sends this
 * user. Saved with a button, all at once, so nothing changes by a stray tap; an edit that failed
 * to save stays on screen, with the reason, for another try.
 */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { type EmailPreferences, OPTIONAL_EMAILS, type OptionalEmail } from '../../../../shared/email-preferences';
import { successToasts, toastTitles } from '../../../../shared/messages';
import { keyOf } from '../../api/calls';
import { useApiMutation, useRoute } from '../../api/hooks';
import type { User } from '../../auth/session';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';

const switches: Record<OptionalEmail, { label: string; hint: string; adminsOnly?: true }> = {
  'deposit-recorded': { label: 'Deposits', hint: 'When a deposit is recorded on your account.' },
  'withdrawal-processed': { label: 'Withdrawals', hint: 'When a withdrawal is processed from your account.' },
  'balance-edited': { label: 'Balance changes', hint: 'When an administrator edits your balance.' },
  'admin-weekly-growth-summary': {
    label: 'Weekly growth summary',
    hint: 'After each weekly growth run: portfolios grown, skipped and failed.',
    adminsOnly: true,
  },
  'statement-ready': {
    label: 'Statements',
    hint: 'When your monthly, quarterly or annual statement is ready on your Documents page.',
  },
};

const loadFailed = 'Failed to load your e-mail preferences';

/**
 * A native checkbox, not Chakra's Switch: the Switch's state machine shares a module with the
 * anatomy the first screen's theme imports, so using it here put +3.6 KB gzip on `/` (measured).
 */
const Checkbox = chakra('input', {
  base: { width: '4.5', height: '4.5', mt: '0.5', flexShrink: 0, accentColor: 'yellow.solid', cursor: 'inherit' },
});

export function EmailPreferencesCard({ user }: { user: User }) {
  const read = { route: 'getMyEmailPreferences', params: { userId: user.sub } } as const;
  const { data, error, isLoading, mutate } = useRoute(read);
  // The user's edits, over what is stored; null until the first change.
  const [draft, setDraft] = useState<EmailPreferences | null>(null);
  const stored = data?.preferences;
  const shown = draft ?? stored;
  const save = useApiMutation(
    keyOf({ route: 'updateMyEmailPreferences', params: { userId: user.sub } }),
    (send, body: EmailPreferences) => send({ route: 'updateMyEmailPreferences', params: { userId: user.sub }, body }),
    {
      errorTitle: toastTitles.emailPreferencesFailed,
      failure: toastTitles.emailPreferencesFailed,
      success: successToasts.emailPreferencesSaved,
      onSuccess: (answer) => {
        void mutate(answer, { revalidate: false });
        setDraft(null);
      },
    },
  );
  const changed = !!shown && !!stored && OPTIONAL_EMAILS.some((kind) => shown[kind] !== stored[kind]);
  const offered = OPTIONAL_EMAILS.filter((kind) => user.isAdmin || !switches[kind].adminsOnly);

  return (
    <SectionCard title="E-mail notifications">
      {!shown && isLoading && <LoadingLine label="Loading your e-mail preferences..." />}
      {!shown && !isLoading && Boolean(error) && <LoadFailed message={loadFailed} onRetry={() => void mutate()} />}
      {shown && (
        <form
          aria-label="E-mail notifications"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed) void save.run(shown);
          }}
        >
          <Stack gap="4" align="flex-start">
            {offered.map((kind) => (
              <HStack key={kind} as="label" align="flex-start" gap="3" cursor={save.busy ? 'not-allowed' : 'pointer'}>
                <Checkbox
                  type="checkbox"
                  checked={shown[kind]}
                  onChange={(e) => setDraft({ ...shown, [kind]: e.currentTarget.checked })}
                  disabled={save.busy}
                />
                <span>
                  <Text as="span" display="block" fontWeight="medium">
                    {switches[kind].label}
                  </Text>
                  <Text as="span" display="block" color="fg.muted" fontSize="sm">
                    {switches[kind].hint}
                  </Text>
                </span>
              </HStack>
            ))}
            <Text color="fg.muted" fontSize="sm">
              {user.isAdmin
                ? 'Decisions on your withdrawal requests, and new requests from clients, are always e-mailed.'
                : 'Decisions on your withdrawal requests are always e-mailed.'}
            </Text>
            <Button type="submit" colorPalette="yellow" loading={save.busy} loadingText="Saving..." disabled={!changed}>
              Save
            </Button>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}

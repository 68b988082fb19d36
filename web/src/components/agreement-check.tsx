/**
 * The client agreement's checkbox, as the sign-up form and the dashboard's prompt ask for it: the
 * version, a link that opens the agreement in a new tab, the box to tick, and under it what is
 * missing. Held in place, unseen, in a prerendered page. A native checkbox, as the e-mail preferences' are (Chakra's Checkbox would add its
 * state machine to the first screen).
 */
import { chakra } from '@chakra-ui/react/styled-system';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useSyncExternalStore } from 'react';
import { agreementWords, type ClientAgreement } from '../../../shared/client-agreement';

const never = () => () => undefined;

/**
 * False while a prerendered page is hydrated, true from then on: the signed-out pages are built
 * once for every stage (web/src/prerender.tsx), and the agreement is the stage's, so the box
 * appears once the app runs, as the footer does (components/footer.tsx).
 */
const useClient = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

const Checkbox = chakra('input', {
  base: { width: '4.5', height: '4.5', mt: '0.5', flexShrink: 0, accentColor: 'yellow.solid', cursor: 'inherit' },
});

export function AgreementCheck({
  agreement,
  checked,
  onChange,
  error,
  disabled,
}: {
  /** The stage's (config.json's); none: nothing is shown. */
  agreement: ClientAgreement | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What is missing, shown under the box; none when it is fine. */
  error?: string | null;
  disabled?: boolean;
}) {
  const errorId = useId();
  const client = useClient();
  if (client && !agreement) return null;
  // The prerendered page and its hydration hold the box's place, unseen, so that nothing above it
  // moves when the app shows it (the sign-up card is centred); its words follow once the app runs.
  const shown = client && agreement;
  return (
    <Stack gap="1" visibility={shown ? undefined : 'hidden'} aria-hidden={shown ? undefined : true}>
      <Text fontSize="sm">
        <Link
          href={shown ? agreement.url : undefined}
          target="_blank"
          rel="noopener noreferrer"
          color="yellow.fg"
          textDecoration="underline"
        >
          Read the client agreement (opens in a new tab)
        </Link>{' '}
        <Text as="span" color="fg.muted">
          Version {shown ? agreement.version : ''}
        </Text>
      </Text>
      <HStack as="label" align="flex-start" gap="3" cursor={disabled ? 'not-allowed' : 'pointer'}>
        <Checkbox
          type="checkbox"
          checked={checked}
          aria-required="true"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <Text as="span">{agreementWords.accept}</Text>
      </HStack>
      {error && (
        <Text id={errorId} color="red.fg" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

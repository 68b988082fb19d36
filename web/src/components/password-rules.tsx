/**
 * A new password's rules under its field, shown before anything is typed and each ticked as the
 * password meets it: sign-up, the reset and the account's change.
 */
import { Box } from '@chakra-ui/react/box';
import { HStack } from '@chakra-ui/react/stack';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { MIN_PASSWORD_LENGTH } from '../../../shared/forms';
import { passwordRuleTexts } from '../../../shared/messages';
import { PasswordField } from './form-field';

export interface PasswordRule {
  text: string;
  met: boolean;
}

/**
 * The rules a new password must meet, as the user pool sets them (shared/user-pool.ts: a minimum
 * length, no character classes required) and as Cognito's pattern adds (no space at either end;
 * shared/forms.ts checkNewPassword checks both, and the length Cognito allows at most).
 */
export function passwordRules(password: string): PasswordRule[] {
  return [
    { text: passwordRuleTexts.minLength(MIN_PASSWORD_LENGTH), met: password.length >= MIN_PASSWORD_LENGTH },
    { text: passwordRuleTexts.noEdgeSpaces, met: password !== '' && password.trim() === password },
  ];
}

/** A tick once met, an open circle before. */
function Mark({ met }: { met: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {met ? (
        <path
          d="M3 8.5l3.2 3L13 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}

export function PasswordRules({ password }: { password: string }) {
  return (
    <Box as="ul" listStyleType="none" display="grid" gap="1" mt="1" data-testid="password-rules">
      {passwordRules(password).map((rule) => (
        <HStack as="li" key={rule.text} gap="1.5" color={rule.met ? 'green.fg' : 'fg.muted'} data-met={rule.met}>
          <Mark met={rule.met} />
          <span>
            {rule.text}
            <VisuallyHidden>, {rule.met ? passwordRuleTexts.met : passwordRuleTexts.unmet}</VisuallyHidden>
          </span>
        </HStack>
      ))}
    </Box>
  );
}

/** A new password's field, offered to password managers as one, with its rules under it. */
export function NewPasswordField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      value={value}
      onChange={onChange}
      error={error}
      hint={<PasswordRules password={value} />}
    />
  );
}

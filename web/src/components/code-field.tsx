import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';

/**
 * A one-time code: from an e-mail (sign-up verification, password reset) or an authenticator app.
 * Digits, offered by the browser from the message. No length cap: a pasted "123 456" must not lose
 * its last digit (the forms drop the spaces).
 */
export function CodeField({ label, value, onChange, autoFocus }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** When the field appears in place of another step, the user's next move is to type the code. */
  autoFocus?: boolean;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input inputMode="numeric" autoComplete="one-time-code" autoFocus={autoFocus} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </Field.Root>
  );
}

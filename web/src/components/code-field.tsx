import { FieldInput, FormField } from './form-field';

/**
 * A one-time code: from an e-mail (sign-up verification, password reset) or an authenticator app.
 * Digits, offered by the browser from the message. No length cap: a pasted "123 456" must not lose
 * its last digit (the forms drop the spaces). Its problem (a wrong or used code) shows under it.
 */
export function CodeField({
  label,
  value,
  onChange,
  autoFocus,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** When the field appears in place of another step, the user's next move is to type the code. */
  autoFocus?: boolean;
  error?: string;
}) {
  return (
    <FormField label={label} error={error}>
      <FieldInput
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormField>
  );
}

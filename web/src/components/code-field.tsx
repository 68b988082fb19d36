import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';

/** The code from an e-mail (sign-up verification, password reset): digits, offered by the browser from the message. */
export function CodeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </Field.Root>
  );
}

/**
 * A form's field with its problem under it, and a form's own problem over it: what a form says
 * where it is wrong, instead of in a toast. The input is marked invalid and described by the
 * problem (and by the field's hint, such as the password rules), so a screen reader reads both.
 */
import { Box } from '@chakra-ui/react/box';
import { Field, useFieldContext } from '@chakra-ui/react/field';
import { Input, type InputProps } from '@chakra-ui/react/input';
import { HStack } from '@chakra-ui/react/stack';
import { forwardRef, type ReactNode } from 'react';

export function FormField({
  label,
  error,
  hint,
  labelEnd,
  children,
}: {
  label: string;
  /** The field's problem, shown under it; none when it is fine. */
  error?: string | null;
  /** What helps before anything is wrong (the password rules), under the input. */
  hint?: ReactNode;
  /** Beside the label, at the far end (the password's "Forgot password?"). */
  labelEnd?: ReactNode;
  /** The input: a FieldInput (or anything that reads the field's context as it does). */
  children: ReactNode;
}) {
  const labelElement = <Field.Label>{label}</Field.Label>;
  return (
    <Field.Root invalid={!!error}>
      {labelEnd ? (
        <HStack justify="space-between" width="full">
          {labelElement}
          {labelEnd}
        </HStack>
      ) : (
        labelElement
      )}
      {children}
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {/* red.fg, not the recipe's fg.error: that red on white is under 4.5:1 for text this small. */}
      <Field.ErrorText color="red.fg">{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Chakra's Input, described by its field's problem as well as its hint: Ark points
 * `aria-describedby` at the hint only and the problem through `aria-errormessage`, which fewer
 * screen readers read.
 */
export const FieldInput = forwardRef<HTMLInputElement, InputProps>(function FieldInput(props, ref) {
  const field = useFieldContext();
  const describedBy = [field?.invalid ? field.ids.errorText : null, field?.ariaDescribedby].filter(Boolean).join(' ');
  return <Input ref={ref} aria-describedby={describedBy || undefined} {...props} />;
});

/** A password field: its label, its problem under it, and a hint (the rules) or a link beside the label. */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  error,
  hint,
  labelEnd,
  autoFocus,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  labelEnd?: ReactNode;
  autoFocus?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint={hint} labelEnd={labelEnd}>
      <FieldInput
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autoFocus={autoFocus}
      />
    </FormField>
  );
}

/**
 * A form's own problem (one no field owns: too many attempts, a refusal of the whole request), a
 * failure under the product's title for it ('Sign-in failed', 'Password mismatch') while the
 * field it concerns stays marked, or a calm word on what happened (`info`), at the top or foot of
 * the form it concerns.
 */
export function FormAlert({
  tone = 'error',
  title,
  children,
}: {
  tone?: 'error' | 'info';
  title?: string;
  children: ReactNode;
}) {
  const error = tone === 'error';
  return (
    <Box
      role={error ? 'alert' : 'status'}
      borderWidth="1px"
      borderColor={error ? 'red.muted' : 'border'}
      bg={error ? 'red.subtle' : 'bg.muted'}
      color={error ? 'red.fg' : 'fg'}
      rounded="l2"
      px="3"
      py="2"
      textStyle="sm"
    >
      {title && (
        <Box as="strong" display="block">
          {title}
        </Box>
      )}
      {children}
    </Box>
  );
}

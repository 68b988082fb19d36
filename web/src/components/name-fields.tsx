/**
 * The first and last name fields, side by side from a small screen up, each with its problem under
 * it (shared/names.ts); typing in a field clears that field's problem. Sign-up and the account
 * page's profile both ask for names this way.
 */
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { Dispatch, SetStateAction } from 'react';
import type { NameFieldErrors } from '../../../shared/names';

export interface NameFieldsProps {
  firstName: string;
  lastName: string;
  setFirstName: (value: string) => void;
  setLastName: (value: string) => void;
  errors: NameFieldErrors | null;
  setErrors: Dispatch<SetStateAction<NameFieldErrors | null>>;
  /** Names the user cannot change here (a Google user's come from Google). */
  readOnly?: boolean;
}

export function NameFields({ firstName, lastName, setFirstName, setLastName, errors, setErrors, readOnly }: NameFieldsProps) {
  const fields = [
    { key: 'firstName', label: 'First name', autoComplete: 'given-name', value: firstName, set: setFirstName },
    { key: 'lastName', label: 'Last name', autoComplete: 'family-name', value: lastName, set: setLastName },
  ] as const;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      {fields.map(({ key, label, autoComplete, value, set }) => (
        <Field.Root key={key} readOnly={readOnly} invalid={!!errors?.[key]}>
          <Field.Label>{label}</Field.Label>
          <Input
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => {
              set(e.currentTarget.value);
              setErrors((current) => current && { ...current, [key]: null });
            }}
          />
          <Field.ErrorText>{errors?.[key]}</Field.ErrorText>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}

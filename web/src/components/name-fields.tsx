/**
 * The first and last name fields, side by side from a small screen up, each with its problem under
 * it (shared/names.ts); typing in a field clears that field's problem. Sign-up and the account
 * page's profile both ask for names this way.
 */
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { Dispatch, SetStateAction } from 'react';
import type { NameFieldErrors } from '../../../shared/names';
import { FieldInput, FormField } from './form-field';

export interface NameFieldsProps {
  firstName: string;
  lastName: string;
  setFirstName: (value: string) => void;
  setLastName: (value: string) => void;
  errors: NameFieldErrors | null;
  setErrors: Dispatch<SetStateAction<NameFieldErrors | null>>;
}

export function NameFields({ firstName, lastName, setFirstName, setLastName, errors, setErrors }: NameFieldsProps) {
  const fields = [
    { key: 'firstName', label: 'First name', autoComplete: 'given-name', value: firstName, set: setFirstName },
    { key: 'lastName', label: 'Last name', autoComplete: 'family-name', value: lastName, set: setLastName },
  ] as const;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      {fields.map(({ key, label, autoComplete, value, set }) => (
        <FormField key={key} label={label} error={errors?.[key]}>
          <FieldInput
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => {
              set(e.currentTarget.value);
              setErrors((current) => current && { ...current, [key]: null });
            }}
          />
        </FormField>
      ))}
    </SimpleGrid>
  );
}

/**
 * The payout account form's fields: the holder and the bank, the choice of an IBAN or a US account
 * with the number fields of the one chosen, and the proof the server asks for (the password, a
 * code). Each shows its problem under it, as the other account forms do.
 */
import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import type { InputProps } from '@chakra-ui/react/input';
import type { ReactNode } from 'react';
import type { PayoutAccountKind } from '../../../../shared/payout-account';
import { CodeField } from '../../components/code-field';
import { FieldInput, FormField, PasswordField } from '../../components/form-field';
import type { PayoutField, PayoutFormValues, ProofAsked } from './payout-form';

/** A field's value, its change handler and its problem (use-auth-step.ts fieldProps). */
export interface Bound {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}
export type Bind = (field: PayoutField) => Bound;

function TextField({
  label,
  hint,
  bound,
  input,
}: {
  label: string;
  hint?: ReactNode;
  bound: Bound;
  input?: Omit<InputProps, 'value' | 'onChange'>;
}) {
  return (
    <FormField label={label} error={bound.error} hint={hint}>
      <FieldInput {...input} value={bound.value} onChange={(e) => bound.onChange(e.currentTarget.value)} />
    </FormField>
  );
}

/** Digits typed on a phone's number pad, never offered back by the browser. */
const numberInput = { inputMode: 'numeric', autoComplete: 'off', spellCheck: false } as const;

const KINDS: { value: PayoutAccountKind; label: string }[] = [
  { value: 'iban', label: 'International (IBAN)' },
  { value: 'us', label: 'US account' },
];

/**
 * The account's kind, as the browser's own radio buttons: a choice of two needs no script, and the
 * Ark radio group would share its state-machine helpers with the console's dialogs, splitting
 * their chunks (more files, each compressed alone).
 */
function KindChoice({ kind, onKind }: { kind: PayoutAccountKind; onKind: (kind: PayoutAccountKind) => void }) {
  return (
    <Box as="fieldset">
      <Box as="legend" fontSize="sm" fontWeight="medium" mb="2">
        Account type
      </Box>
      <HStack gap="6" wrap="wrap">
        {KINDS.map(({ value, label }) => (
          <HStack as="label" key={value} gap="2" cursor="pointer" minH="11">
            <chakra.input
              type="radio"
              name="payout-kind"
              value={value}
              checked={kind === value}
              onChange={() => onKind(value)}
              boxSize="4"
              accentColor="yellow.solid"
              cursor="pointer"
            />
            <Text as="span" fontSize="sm">
              {label}
            </Text>
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}

export function HolderFields({ bind }: { bind: Bind }) {
  return (
    <>
      <TextField
        label="Account holder"
        hint="The name the bank account is in, as the bank has it"
        bound={bind('holderName')}
        input={{ autoComplete: 'name', autoFocus: true }}
      />
      <TextField label="Bank name" bound={bind('bankName')} input={{ autoComplete: 'off' }} />
    </>
  );
}

export function AccountNumberFields({
  values,
  bind,
  onKind,
}: {
  values: PayoutFormValues;
  bind: Bind;
  onKind: (kind: PayoutAccountKind) => void;
}) {
  return (
    <>
      <KindChoice kind={values.kind} onKind={onKind} />
      {values.kind === 'iban' ? (
        <TextField
          label="IBAN"
          hint="As on your bank statement; spaces are fine"
          bound={bind('iban')}
          input={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, fontFamily: 'mono' }}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label="Account number" hint="4 to 17 digits" bound={bind('accountNumber')} input={numberInput} />
          <TextField label="Routing number" hint="9 digits (ABA)" bound={bind('routingNumber')} input={numberInput} />
        </SimpleGrid>
      )}
    </>
  );
}

/** The proof asked of this account: none for a Google account, whose proof is its recent sign-in at Google. */
export function ProofFields({ asked, bind, email }: { asked: ProofAsked; bind: Bind; email: string }) {
  return (
    <>
      {asked.password && (
        <>
          {/* For password managers: the account whose password this is. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField label="Current password" autoComplete="current-password" {...bind('currentPassword')} />
        </>
      )}
      {asked.code && <CodeField label="6-digit code from your authenticator app" {...bind('code')} />}
    </>
  );
}

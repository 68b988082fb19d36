/**
 * The activity page's filters: administrator, client (a part of the name or e-mail, or the one
 * client a link named), kind of act (saying what a money kind covers) and a period of days.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import { activityKindFilterLabels, activityKindLabels, activityKinds } from '../../../../shared/activity-kinds';
import type { ActivityFilters } from './activity-query';

const NONE: ActivityFilters = { actor: '', client: '', clientSearch: '', kind: '', from: '', to: '' };

function FilterField({
  label,
  value,
  onChange,
  type = 'text',
  helper,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  helper?: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type={type} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** Edits a copy of the filters; Apply hands them over, Clear empties them. */
export function ActivityFilterForm({
  applied,
  clientEmail,
  onApply,
}: {
  applied: ActivityFilters;
  /** The e-mail of the one client a link named (`applied.client`), once an entry has said it. */
  clientEmail?: string;
  onApply: (filters: ActivityFilters) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const set = (field: keyof ActivityFilters) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  // A client typed replaces the one a link named.
  const search = (value: string) => setDraft((d) => ({ ...d, clientSearch: value, client: '' }));
  const covers = draft.kind === '' ? undefined : activityKindFilterLabels[draft.kind]?.covers;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <Stack
      as="form"
      gap="3"
      aria-label="Filter the activity"
      onSubmit={apply}
      borderWidth="1px"
      rounded="md"
      p="4"
      bg="bg.panel"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
        <FilterField label="Administrator e-mail" type="email" value={draft.actor} onChange={set('actor')} />
        <FilterField
          label="Client name or e-mail"
          type="search"
          value={draft.clientSearch}
          onChange={search}
          helper={
            draft.client
              ? `Showing one client${clientEmail ? `: ${clientEmail}` : ', from the link'}. Type to search instead.`
              : 'Any part, any case'
          }
        />
        <Field.Root>
          <Field.Label>Kind</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.kind} onChange={(e) => set('kind')(e.currentTarget.value)}>
              <option value="">All kinds</option>
              {activityKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {activityKindFilterLabels[kind]?.option ?? activityKindLabels[kind]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {covers && <Field.HelperText>{covers}</Field.HelperText>}
        </Field.Root>
        <FilterField label="From" type="date" value={draft.from} onChange={set('from')} helper="UTC day" />
        <FilterField label="To" type="date" value={draft.to} onChange={set('to')} helper="UTC day, included" />
      </SimpleGrid>
      <HStack gap="2" justify="flex-end">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(NONE);
            onApply(NONE);
          }}
        >
          Clear
        </Button>
        <Button type="submit" size="sm">
          Apply filters
        </Button>
      </HStack>
    </Stack>
  );
}

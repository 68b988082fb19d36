/**
 * The reason a rejection asks for, as a dialog's form (its submit button outside, by `formId`):
 * required, its error at the field. Rejecting a pending move and rejecting an application share it.
 */
import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-ui/react/theme';
import type { FormEvent } from 'react';
import { apiMessages } from '../../../../shared/messages';

export function ReasonForm(props: {
  formId: string;
  reason: string;
  setReason: (reason: string) => void;
  /** Sent without one: the field says so. */
  missing: boolean;
  onSubmit: (e: FormEvent) => Promise<void>;
}) {
  return (
    <form id={props.formId} noValidate onSubmit={(e) => void props.onSubmit(e)}>
      <Field.Root required invalid={props.missing}>
        <Field.Label>Reason</Field.Label>
        <Textarea
          recipe={textareaRecipe}
          value={props.reason}
          onChange={(e) => props.setReason(e.currentTarget.value)}
          maxLength={500}
          rows={3}
        />
        {props.missing && <Field.ErrorText color="red.fg">{apiMessages.reasonRequired}</Field.ErrorText>}
      </Field.Root>
    </form>
  );
}

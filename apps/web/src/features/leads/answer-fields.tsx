import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { answerProblems, type LeadAnswers, type LeadFormField } from '@fieldport/contract/operations/leads';
import { fieldError } from '../../ui/field-props.ts';
import { FormTextField } from '../../ui/form-text-field.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/**
 * A lead's answers checked against its form's questions, as the server checks them
 * (`answerProblems`, docs/leads.md#forms): each problem on its question (`answers.<key>`).
 */
export function answersSchemaFor(fields: readonly LeadFormField[]) {
  return z.record(z.string(), z.string()).superRefine((answers, ctx) => {
    for (const [key, message] of Object.entries(answerProblems(fields, answers as LeadAnswers))) {
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  });
}

/** Every question unanswered: each has its value, so that a refusal can be placed on it. */
export const emptyAnswers = (fields: readonly LeadFormField[]): LeadAnswers =>
  Object.fromEntries(fields.map((field) => [field.key, '']));

/** What a question's field says under it before anything is wrong. */
function hintOf(field: LeadFormField): string | undefined {
  const optional = field.required ? undefined : 'Optional';
  switch (field.type) {
    case 'NUMBER':
      return field.required ? 'A number' : 'Optional: a number';
    case 'PHONE':
      return field.required ? 'A phone number' : 'Optional: a phone number';
    case 'SELECT':
      return field.required ? 'Choose one' : optional;
    default:
      return optional;
  }
}

/**
 * A form's questions in its order, each typed as its type asks (text, number, phone, email, one of
 * its options, a date); required ones are marked. The values are text, kept under `answers.<key>`.
 */
export function AnswerFields({ form, fields }: { form: Form; fields: readonly LeadFormField[] }) {
  return (
    <Stack spacing={2.5}>
      {fields.map((field) => {
        const name = `answers.${field.key}`;
        const message = fieldError(form, name);
        const common = {
          label: field.label,
          required: field.required,
          error: Boolean(message),
          helperText: message ?? hintOf(field),
        };
        if (field.type === 'SELECT') {
          return (
            <Controller
              key={field.key}
              control={form.control}
              name={name}
              render={({ field: control }) => (
                <FormTextField
                  {...common}
                  select
                  value={typeof control.value === 'string' ? control.value : ''}
                  onChange={(event) => control.onChange(event.target.value)}
                  onBlur={control.onBlur}
                  inputRef={control.ref}
                >
                  {!field.required && (
                    <MenuItem value="">
                      <em>No answer</em>
                    </MenuItem>
                  )}
                  {field.options.map((option) => (
                    <MenuItem key={option} value={option}>
                      {option}
                    </MenuItem>
                  ))}
                </FormTextField>
              )}
            />
          );
        }
        const { ref, ...registered } = form.register(name);
        const input = INPUTS[field.type];
        return (
          <FormTextField
            key={field.key}
            {...common}
            {...registered}
            inputRef={ref}
            type={input.type}
            slotProps={{
              htmlInput: { maxLength: 1000, inputMode: input.inputMode },
              ...(field.type === 'DATE' ? { inputLabel: { shrink: true } } : {}),
            }}
          />
        );
      })}
    </Stack>
  );
}

const INPUTS: Record<
  Exclude<LeadFormField['type'], 'SELECT'>,
  { type?: string; inputMode?: 'decimal' | 'tel' | 'email' }
> = {
  TEXT: {},
  // Text, not type=number: the answer is kept as typed, and the check says what is wrong with it.
  NUMBER: { inputMode: 'decimal' },
  PHONE: { type: 'tel', inputMode: 'tel' },
  EMAIL: { type: 'email', inputMode: 'email' },
  DATE: { type: 'date' },
};

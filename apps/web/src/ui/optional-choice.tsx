import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { fieldError } from './field-props.ts';
import type { Option } from './form-fields.tsx';

type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

/**
 * A choice that may be left empty, kept as null (a quotation's template, a line's product, a lead's
 * owner: the contract takes null for none, not an empty text). `hideError` as a line's fields have it.
 */
export function OptionalChoice(props: {
  form: AnyForm;
  name: string;
  label: string;
  options: Option[];
  noneLabel: string;
  helperText?: string;
  hideError?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const message = props.hideError ? undefined : fieldError(props.form, props.name);
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <TextField
            select
            label={props.label}
            autoFocus={props.autoFocus}
            value={props.options.some((option) => option.value === value) ? value : ''}
            onChange={(event) => field.onChange(event.target.value || null)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={props.disabled}
            error={Boolean(message)}
            helperText={message ?? props.helperText}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{props.noneLabel}</MenuItem>
            {props.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

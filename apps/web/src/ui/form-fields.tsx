import { useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { FilePurpose } from '@fieldport/contract/operations/files';
import { fieldError } from './field-props.ts';
import { FileAttachments, type AttachedFile } from './file-attachments.tsx';
import { FormTextField } from './form-text-field.tsx';
import { paiseToRupees, rupeesToPaise } from './format.ts';
import { useActiveRecords, type ListOp } from './use-list.ts';

export interface Option {
  value: string;
  label: string;
}

/**
 * The fields of a master's form, declared as data (MasterPage `fields`). Each validates with the
 * contract's schema through the form's resolver; only how the value is typed differs.
 */
export type FieldConfig =
  | {
      kind: 'text';
      name: string;
      label: string;
      required?: boolean;
      multiline?: boolean;
      maxLength?: number;
      helperText?: string;
    }
  | {
      kind: 'number';
      name: string;
      label: string;
      required?: boolean;
      min?: number;
      max?: number;
      helperText?: string;
    }
  /** Money kept in paise, typed in rupees ("1250.50"). */
  | { kind: 'money'; name: string; label: string; required?: boolean; helperText?: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      required?: boolean;
      options: Option[];
      /** The value is a number (a GST rate): the options' values are its text. */
      numeric?: boolean;
    }
  | { kind: 'multiselect'; name: string; label: string; options: Option[]; helperText?: string }
  /** A list of email addresses typed as one line, separated by commas or spaces. */
  | { kind: 'emails'; name: string; label: string; helperText?: string }
  /** A choice among the active records of another list (a master): `list` is its List operation. */
  | {
      kind: 'lookup';
      name: string;
      label: string;
      required?: boolean;
      list: ListOp;
      valueKey: string;
      labelKey: string;
      /** What no choice means, when it means something ("The organization's own stock"). */
      noneLabel?: string;
    }
  /** Several choices among the active records of another list (service types, territories). */
  | {
      kind: 'multilookup';
      name: string;
      label: string;
      list: ListOp;
      valueKey: string;
      labelKey: string;
      helperText?: string;
    }
  /** A yes/no setting. */
  | { kind: 'switch'; name: string; label: string; helperText?: string }
  /** A calendar day ('YYYY-MM-DD'); empty is none where the schema allows it. */
  | { kind: 'date'; name: string; label: string; required?: boolean; helperText?: string }
  /** A list of codes (pincodes ...) typed or pasted as text, separated by commas, spaces or lines. */
  | { kind: 'codes'; name: string; label: string; placeholder?: string; helperText?: string }
  /** Files uploaded for the record (GenerateS3Url), kept as `{ file_name, s3_key? }` items. */
  | { kind: 'files'; name: string; label: string; purpose: FilePurpose; max: number; helperText?: string };

type Form = UseFormReturn<FieldValues, unknown, unknown>;

/** Why a record was stopped, cancelled or refused (`reason`), written for whoever reads it. */
export const reasonField = (maxLength: number, helperText?: string): FieldConfig => ({
  kind: 'text',
  name: 'reason',
  label: 'Reason',
  required: true,
  multiline: true,
  maxLength,
  helperText,
});

export function FormFields<Values extends FieldValues>({
  form,
  fields,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  fields: FieldConfig[];
}) {
  return (
    <>
      {fields.map((field, index) => (
        <FormField key={field.name} form={form as unknown as Form} field={field} autoFocus={index === 0} />
      ))}
    </>
  );
}

/** One field of a form, for a layout of its own (the lines of a movement: ui/lines-field.tsx). */
export function FormField({
  form,
  field,
  autoFocus,
  hideError,
}: {
  form: Form;
  field: FieldConfig;
  autoFocus: boolean;
  /** Its message is not shown yet (a new line's field before the person reaches it). */
  hideError?: boolean;
}) {
  const message = hideError ? undefined : fieldError(form, field.name, { list: true });
  const common = {
    label: field.label,
    error: Boolean(message),
    autoFocus,
  };
  switch (field.kind) {
    case 'text': {
      const { ref, ...registered } = form.register(field.name);
      return (
        <FormTextField
          {...common}
          {...registered}
          inputRef={ref}
          required={field.required}
          multiline={field.multiline}
          minRows={field.multiline ? 2 : undefined}
          helperText={message ?? field.helperText}
          slotProps={{ htmlInput: { maxLength: field.maxLength } }}
        />
      );
    }
    case 'number': {
      const { ref, ...registered } = form.register(field.name, { valueAsNumber: true });
      return (
        <FormTextField
          {...common}
          {...registered}
          inputRef={ref}
          type="number"
          required={field.required}
          helperText={message ?? field.helperText}
          slotProps={{ htmlInput: { min: field.min, max: field.max, step: 1, inputMode: 'numeric' } }}
        />
      );
    }
    case 'money':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <MoneyInput
              {...common}
              required={field.required}
              helperText={message ?? field.helperText}
              paise={control.value as number}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
            />
          )}
        />
      );
    case 'select':
    case 'lookup':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <SelectInput
              {...common}
              field={field}
              required={field.required}
              helperText={message}
              value={control.value === undefined || control.value === null ? '' : String(control.value)}
              onChange={(value) =>
                control.onChange(
                  field.kind === 'select' && field.numeric && value !== '' ? Number(value) : value,
                )
              }
              onBlur={control.onBlur}
              inputRef={control.ref}
            />
          )}
        />
      );
    case 'multiselect':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => {
            const selected = (control.value as string[] | undefined) ?? [];
            return (
              <Autocomplete
                multiple
                options={field.options}
                value={field.options.filter((option) => selected.includes(option.value))}
                onChange={(_, options) => control.onChange(options.map((option) => option.value))}
                onBlur={control.onBlur}
                getOptionLabel={(option) => option.label}
                isOptionEqualToValue={(option, value) => option.value === value.value}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    {...common}
                    inputRef={control.ref}
                    helperText={message ?? field.helperText}
                  />
                )}
              />
            );
          }}
        />
      );
    case 'multilookup':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <MultiLookupInput
              {...common}
              field={field}
              helperText={message ?? field.helperText}
              value={(control.value as string[] | undefined) ?? []}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
            />
          )}
        />
      );
    case 'date': {
      const { ref, ...registered } = form.register(field.name);
      return (
        <FormTextField
          {...common}
          {...registered}
          inputRef={ref}
          type="date"
          required={field.required}
          helperText={message ?? field.helperText}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    }
    case 'switch':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <FormControl error={Boolean(message)}>
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(control.value)}
                    onChange={(event) => control.onChange(event.target.checked)}
                    onBlur={control.onBlur}
                    slotProps={{ input: { ref: control.ref } }}
                  />
                }
                label={field.label}
              />
              {(message ?? field.helperText) && (
                <FormHelperText>{message ?? field.helperText}</FormHelperText>
              )}
            </FormControl>
          )}
        />
      );
    case 'codes':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <CodesInput
              {...common}
              placeholder={field.placeholder}
              helperText={message ?? field.helperText}
              codes={(control.value as string[] | undefined) ?? []}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
            />
          )}
        />
      );
    case 'files':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <FileAttachments
              label={field.label}
              purpose={field.purpose}
              max={field.max}
              files={(control.value as AttachedFile[] | undefined) ?? []}
              onChange={control.onChange}
              error={message}
              helperText={field.helperText}
            />
          )}
        />
      );
    case 'emails':
      return (
        <Controller
          control={form.control}
          name={field.name as Path<FieldValues>}
          render={({ field: control }) => (
            <EmailsInput
              {...common}
              helperText={message ?? field.helperText}
              emails={(control.value as string[] | undefined) ?? []}
              onChange={control.onChange}
              onBlur={control.onBlur}
              inputRef={control.ref}
            />
          )}
        />
      );
  }
}

interface ControlledProps<Value> {
  label: string;
  error: boolean;
  autoFocus: boolean;
  required?: boolean;
  helperText?: string;
  onChange: (value: Value) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}

/** Two amounts of a money field are the same: equal, or both none (empty, or text that is no amount). */
const sameAmount = (a: number | undefined, b: number | undefined) =>
  a === b || (!Number.isFinite(a) && !Number.isFinite(b));

function MoneyInput({
  paise,
  onChange,
  ...props
}: ControlledProps<number | undefined> & { paise: number | undefined }) {
  // The text as typed: "12.5" must stay "12.5" while typing, not become "12.50".
  const [text, setText] = useState(() => paiseToRupees(paise));
  // An amount set by the form (a chosen component's price) replaces the text.
  const typed = text.trim() === '' ? undefined : rupeesToPaise(text);
  if (!sameAmount(typed, paise)) setText(paiseToRupees(paise));
  return (
    <FormTextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        // An optional amount left empty is none, so that the contract's default applies (a discount of 0).
        const empty = event.target.value.trim() === '';
        onChange(empty && !props.required ? undefined : rupeesToPaise(event.target.value));
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
      }}
    />
  );
}

/** A lookup's records as choices: each record's `valueKey` and `labelKey`. */
function optionsOf(records: unknown[] | undefined, keys: { valueKey: string; labelKey: string }): Option[] {
  return (records ?? []).map((record) => ({
    value: String((record as Record<string, unknown>)[keys.valueKey]),
    label: String((record as Record<string, unknown>)[keys.labelKey]),
  }));
}

function SelectInput({
  field,
  value,
  onChange,
  ...props
}: ControlledProps<string> & { field: Extract<FieldConfig, { kind: 'select' | 'lookup' }>; value: string }) {
  const lookup = field.kind === 'lookup' ? field : undefined;
  const loaded = useActiveRecords(lookup?.list, lookup?.labelKey ?? '');
  // An optional lookup can be cleared: its "None" is '' (the contract reads it as no choice).
  const options =
    field.kind === 'select'
      ? field.options
      : [
          ...(field.required ? [] : [{ value: '', label: field.noneLabel ?? 'None' }]),
          ...optionsOf(loaded.data, field),
        ];
  return (
    <FormTextField
      {...props}
      select
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      helperText={props.helperText ?? (loaded.isError ? 'The choices could not be loaded.' : undefined)}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

function EmailsInput({ emails, onChange, ...props }: ControlledProps<string[]> & { emails: string[] }) {
  const [text, setText] = useState(() => emails.join(', '));
  return (
    <FormTextField
      {...props}
      value={text}
      placeholder="name@example.com, other@example.com"
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(/[,;\s]+/)
            .map((email) => email.trim())
            .filter(Boolean),
        );
      }}
      slotProps={{ htmlInput: { inputMode: 'email' } }}
    />
  );
}

function MultiLookupInput({
  field,
  value,
  onChange,
  ...props
}: ControlledProps<string[]> & { field: Extract<FieldConfig, { kind: 'multilookup' }>; value: string[] }) {
  const loaded = useActiveRecords(field.list, field.labelKey);
  const options = optionsOf(loaded.data, field);
  return (
    <Autocomplete
      multiple
      options={options}
      loading={loaded.isPending}
      // Chosen records that are no longer offered (deactivated) stay as they are.
      value={options.filter((option) => value.includes(option.value))}
      onChange={(_, chosen) =>
        onChange([
          ...value.filter((id) => !options.some((option) => option.value === id)),
          ...chosen.map((option) => option.value),
        ])
      }
      onBlur={props.onBlur}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          error={props.error}
          inputRef={props.inputRef}
          helperText={props.helperText ?? (loaded.isError ? 'The choices could not be loaded.' : undefined)}
        />
      )}
    />
  );
}

function CodesInput({
  codes,
  onChange,
  placeholder,
  ...props
}: ControlledProps<string[]> & { codes: string[]; placeholder?: string }) {
  const [text, setText] = useState(() => codes.join(', '));
  return (
    <FormTextField
      {...props}
      value={text}
      multiline
      minRows={2}
      maxRows={8}
      placeholder={placeholder}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(/[\s,;]+/)
            .map((code) => code.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

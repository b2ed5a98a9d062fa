import {
  useId,
  type HTMLInputTypeAttribute,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface FormTextInputProps {
  label: string;
  name: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  onBlur?: InputHTMLAttributes<HTMLInputElement>['onBlur'];
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined text field built from MUI's parts, as MUI's TextField builds it (label, outlined input,
 * helper text that describes the input), without the select that TextField always brings: the
 * sign-in screen stays light (docs/architecture.md "What each screen loads"). It names a required
 * field's input by its label alone, as FormTextField does.
 */
export function FormTextInput({
  label,
  required = false,
  error = false,
  helperText,
  htmlInput,
  ...input
}: FormTextInputProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const named = required ? { 'aria-label': label } : {};
  return (
    <FormControl className="MuiTextField-root" fullWidth required={required} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        inputProps={{ ...named, ...htmlInput }}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A TextField whose input is named by its label alone. A required field's visible label carries
 * MUI's asterisk ("Email *"; the sign-in message speaks of "fields marked with asterisks"); the name that
 * assistive technology and browser tests read stays "Email", and `required` is announced apart.
 */
export function FormTextField(props: TextFieldProps) {
  const { label, required, slotProps } = props;
  const htmlInput = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : undefined;
  const named = required && typeof label === 'string' ? { 'aria-label': label } : {};
  return <TextField {...props} slotProps={{ ...slotProps, htmlInput: { ...named, ...htmlInput } }} />;
}

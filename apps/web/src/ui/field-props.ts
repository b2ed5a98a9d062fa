import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Binds a MUI TextField to a react-hook-form field: the register ref goes to the input element and
 * the field's error message becomes the helper text (announced with the field as its description).
 */
export function fieldProps<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  name: Path<Values>,
  options: { hideMessage?: boolean } = {},
) {
  const { ref, ...registered } = form.register(name);
  const message = form.formState.errors[name]?.message;
  const text = typeof message === 'string' && !options.hideMessage ? message : undefined;
  return {
    ...registered,
    inputRef: ref,
    error: Boolean(message),
    helperText: text,
  };
}

import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

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

/**
 * The message a form shows for a field (`name` may be nested: 'primary_location.city'). With
 * `list`, a list field without a message of its own shows its first item's, or its root's.
 */
export function fieldError(
  form: AnyForm,
  name: string,
  options: { list?: boolean } = {},
): string | undefined {
  const error = form.getFieldState(name, form.formState).error as unknown;
  if (!error) return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (!options.list) return undefined;
  if (Array.isArray(error))
    return (error as ({ message?: string } | undefined)[]).find((item) => item?.message)?.message;
  return (error as { root?: { message?: string } }).root?.message;
}

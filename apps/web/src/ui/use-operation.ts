import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { DataOf, Envelope, InputOf, OperationDef } from '@fieldport/contract/operation';
import { api, isApiError } from '../api/client.ts';
import { useSnackbars, type SnackbarAction } from './snackbars.tsx';

export type MutationOp = OperationDef<string, 'mutation'>;
type AnswerOf<Op extends MutationOp> = Envelope<DataOf<Op>>;
/** An operation's input, or how to get it first (read a file, upload a photo). */
type InputOrSteps<Op extends MutationOp> = InputOf<Op> | (() => Promise<InputOf<Op>>);

export interface OperationOptions<Op extends MutationOp> {
  /** Queries read again after a success (each key a prefix: `listQueryKey(op)` covers every page). */
  invalidate?: readonly QueryKey[] | ((input: InputOf<Op>) => readonly QueryKey[]);
  /** The screen's own follow-up (close the dialog, keep the answer); runs before the snackbar. */
  onSuccess?: (answer: AnswerOf<Op>, input: InputOf<Op>) => void | Promise<void>;
  /** The green message; the server's `status_message` unless given. */
  successMessage?: (answer: AnswerOf<Op>) => string;
  /** A button in the green snackbar (Undo). */
  successAction?: (answer: AnswerOf<Op>, input: InputOf<Op>) => SnackbarAction;
  /**
   * The screen's own handling of a failure from `run` (a message by the field it concerns, a
   * refresh); returning true means the screen shows it, so no red snackbar.
   */
  onError?: (error: Error, input: InputOrSteps<Op>) => boolean | void;
}

export interface Operation<Op extends MutationOp> {
  /** Sends the operation (for a button); a failure is shown in red unless `onError` shows it. */
  run: (input: InputOrSteps<Op>) => void;
  /**
   * Sends the operation and waits for it, for ui/form-dialog.tsx: a failure is thrown to the
   * dialog, which shows it under the field it names or above the form.
   */
  submit: (input: InputOf<Op>) => Promise<AnswerOf<Op>>;
  isPending: boolean;
  /** What the pending call was given (which row is switching). */
  variables: InputOrSteps<Op> | undefined;
}

/**
 * One contract operation as every screen runs it (docs/architecture.md#changes-from-a-screen):
 * the input and answer are the contract's types; a success lets the screen follow up, shows the
 * server's message in green and reads the given queries again; a failure shows the server's
 * message under the field it names (a form's `submit`: ui/form-dialog.tsx or `useFormSubmit`)
 * or in red. `isPending` lasts until the refreshed lists are back, so buttons stay held until the
 * screen shows what the change allows next.
 */
export function useOperation<Op extends MutationOp>(
  op: Op,
  options: OperationOptions<Op> = {},
): Operation<Op> {
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const mutation = useMutation({
    mutationFn: async ({ given }: Call<Op>) => {
      const input: InputOf<Op> =
        typeof given === 'function' ? await (given as () => Promise<InputOf<Op>>)() : (given as InputOf<Op>);
      const answer = await api.mutate(op, input);
      await options.onSuccess?.(answer, input);
      snackbars.success(
        options.successMessage?.(answer) ?? answer.status_message,
        options.successAction?.(answer, input),
      );
      const keys = typeof options.invalidate === 'function' ? options.invalidate(input) : options.invalidate;
      await Promise.all((keys ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return answer;
    },
    // Here, not per call: it is shown even when the screen that sent it has closed.
    onError: (error, call) => {
      if (call.thrown) return;
      if (options.onError?.(error, call.given) === true) return;
      snackbars.error(error.message);
    },
  });
  return {
    run: (given) => mutation.mutate({ given, thrown: false }),
    submit: (input) => mutation.mutateAsync({ given: input, thrown: true }),
    isPending: mutation.isPending,
    variables: mutation.variables?.given,
  };
}

/** One call: what it was given, and whether a failure goes back to the caller (a form) or is shown. */
interface Call<Op extends MutationOp> {
  given: InputOrSteps<Op>;
  thrown: boolean;
}

/**
 * A form's submit with an operation's `submit` as `send`: while it runs, `onBusy(true)` (a dialog
 * that must not close); a refusal goes under the field it names (`placeOnField`), or else becomes
 * `formError` (for an alert above the form) and a red snackbar.
 */
export function useFormSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  schema: z.ZodObject,
  send: (values: Output) => Promise<unknown>,
  onBusy?: (busy: boolean) => void,
) {
  const snackbars = useSnackbars();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    onBusy?.(true);
    try {
      await send(values);
    } catch (error) {
      if (!placeOnField(form, schema, error)) {
        const message = error instanceof Error ? error.message : 'Saving failed. Please try again.';
        setFormError(message);
        snackbars.error(message);
      }
    } finally {
      onBusy?.(false);
    }
  });
  return { submit, formError };
}

/**
 * Puts a server refusal on the field it names: `extensions.field` 'notify_emails.0' belongs to the
 * form's 'notify_emails'. The server prefixes the wire name for API clients ("part_code: ..."); the
 * form shows the message without it, under the field. Returns false when no field of this form fits.
 */
function placeOnField<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  schema: z.ZodObject,
  error: unknown,
): boolean {
  if (!isApiError(error) || !error.field) return false;
  if (error.code !== 'BAD_USER_INPUT' && error.code !== 'CONFLICT') return false;
  const top = error.field.split('.')[0];
  if (!(top in schema.shape)) return false;
  const prefix = `${error.field}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  form.setError(top as Path<Values>, { type: 'server', message }, { shouldFocus: true });
  return true;
}

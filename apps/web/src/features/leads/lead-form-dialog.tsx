import { useId, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ApiError, isApiError } from '../../api/client.ts';
import { useFormSubmit } from '../../ui/use-operation.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';

/** No field is placed by useFormSubmit: `placeOnPath` has done it, to the exact field. */
const NO_FIELDS = z.object({});

/**
 * Puts a server refusal on the exact field it names, nested or not ('answers.budget',
 * 'fields.2.options', 'primary_location.pincode' once `rename` dropped its 'customer.'), when the
 * form holds that field; else on its top-level field when the form holds that. Returns false when
 * the form has no such field: the refusal is said above the form.
 */
export function placeOnPath<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  error: unknown,
  rename: (field: string) => string | null = (field) => field,
): boolean {
  if (!isApiError(error) || !error.field) return false;
  if (error.code !== 'BAD_USER_INPUT' && error.code !== 'CONFLICT') return false;
  const field = rename(error.field);
  if (!field) return false;
  const prefix = `${error.field}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  for (const path of [field, field.split('.')[0]]) {
    if (form.getValues(path as Path<Values>) !== undefined) {
      form.setError(path as Path<Values>, { type: 'server', message }, { shouldFocus: true });
      return true;
    }
  }
  return false;
}

/** The refusal without its field: said above the form. */
export const withoutField = (error: unknown) =>
  isApiError(error) ? new ApiError(error.message, error.code) : error;

interface LeadFormDialogProps<Values extends FieldValues, Output> {
  title: string;
  submitLabel: string;
  maxWidth?: 'sm' | 'md' | 'lg';
  defaultValues: Values;
  /**
   * The checks, as the contract's schemas make them; a resolver rather than one schema because what
   * is checked follows the values (the chosen form's questions, a new or an existing customer).
   */
  resolver: Resolver<Values, unknown, Output>;
  /** Sends the values; a refusal naming a field of the form is shown under it (`placeOnPath`). */
  onSubmit: (values: Output) => Promise<unknown>;
  /** The server's name of a field to the form's ('customer.pincode' → 'pincode'); null: none. */
  renameField?: (field: string) => string | null;
  onClose: () => void;
  children: (form: UseFormReturn<Values, unknown, Output>) => ReactNode;
  /** False while there is nothing to send yet (the choices are loading). */
  canSubmit?: boolean;
  /** A new key starts the form afresh from its `defaultValues`, in the same dialog. */
  formKey?: string;
}

/**
 * A form dialog as ui/form-dialog.tsx draws one (full screen below 850 px, its errors under their
 * fields or above the form), for the forms of leads whose checks follow what is typed, and whose
 * server refusals name nested fields: a form's questions, a lead's answers, a new customer's place.
 */
export function LeadFormDialog<Values extends FieldValues, Output>(
  props: LeadFormDialogProps<Values, Output>,
) {
  const narrow = useNarrowScreen();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : props.onClose}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
      fullScreen={narrow}
      aria-labelledby={titleId}
    >
      <LeadFormDialogBody key={props.formKey} {...props} titleId={titleId} onBusy={setBusy} />
    </Dialog>
  );
}

function LeadFormDialogBody<Values extends FieldValues, Output>(
  props: LeadFormDialogProps<Values, Output> & { titleId: string; onBusy: (busy: boolean) => void },
) {
  const form = useForm<Values, unknown, Output>({
    resolver: props.resolver,
    defaultValues: props.defaultValues as DefaultValues<Values>,
    mode: 'onTouched',
  });
  const { submit, formError } = useFormSubmit(
    form,
    NO_FIELDS,
    async (values: Output) => {
      try {
        await props.onSubmit(values);
      } catch (error) {
        if (placeOnPath(form, error, props.renameField)) return;
        throw error;
      }
    },
    props.onBusy,
  );
  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate aria-labelledby={props.titleId} onSubmit={(event) => void submit(event)}>
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {props.children(form)}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={props.canSubmit === false}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}

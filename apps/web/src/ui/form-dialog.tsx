import { useId, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { isApiError } from '../api/client.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';

export type FormOf<Schema extends z.ZodObject> = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;

export interface FormDialogProps<Schema extends z.ZodObject> {
  open: boolean;
  title: string;
  /** The contract's schema (a master's `contract.form`, or a `.pick()` of an operation's input). */
  schema: Schema;
  defaultValues: z.input<Schema>;
  submitLabel?: string;
  /** Sends the values; a refusal (ApiError) is shown on the field it names, or above the form. */
  onSubmit: (values: z.output<Schema>) => Promise<void>;
  onClose: () => void;
  children: (form: FormOf<Schema>) => ReactNode;
}

/**
 * A create/edit dialog validated by the contract's schema (react-hook-form + zodResolver): field
 * errors under their fields, and the server's BAD_USER_INPUT and CONFLICT answers put on the
 * field they name (`extensions.field`), so a person sees the same message where they typed.
 * Full screen below 850 px.
 */
export function FormDialog<Schema extends z.ZodObject>(props: FormDialogProps<Schema>) {
  const narrow = useNarrowScreen();
  const [busy, setBusy] = useState(false);
  // Its own id: a dialog may open over another (a new customer inside New ticket).
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={narrow}
      aria-labelledby={titleId}
    >
      {/* Mounted per opening, so that each starts from its own values (another row, Add after Edit). */}
      {props.open && <FormDialogBody {...props} onBusy={setBusy} titleId={titleId} />}
    </Dialog>
  );
}

function FormDialogBody<Schema extends z.ZodObject>(
  props: FormDialogProps<Schema> & { onBusy: (busy: boolean) => void; titleId: string },
) {
  const {
    title,
    schema,
    defaultValues,
    submitLabel = 'Save',
    onSubmit,
    onClose,
    children,
    onBusy,
    titleId,
  } = props;
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as DefaultValues<z.input<Schema>>,
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    onBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!placeOnField(form, schema, error)) {
        const message = error instanceof Error ? error.message : 'Saving failed. Please try again.';
        setFormError(message);
        enqueueSnackbar(message, { variant: 'error' });
      }
    } finally {
      onBusy(false);
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {children(form)}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * Puts a server refusal on the field it names: `extensions.field` 'notify_emails.0' belongs to the
 * form's 'notify_emails'. The server prefixes the wire name for API clients ("part_code: ..."); the
 * form shows the message without it, under the field. Returns false when no field of this form fits.
 */
export function placeOnField<Values extends FieldValues>(
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

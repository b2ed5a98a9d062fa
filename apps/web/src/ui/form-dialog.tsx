import { useId, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useFormSubmit } from './use-operation.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';

export type FormOf<Schema extends z.ZodObject> = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;

interface FormDialogProps<Schema extends z.ZodObject> {
  open: boolean;
  title: string;
  /** The contract's schema (a master's `contract.form`, or a `.pick()` of an operation's input). */
  schema: Schema;
  defaultValues: z.input<Schema>;
  submitLabel?: string;
  /** Wider for a form with a table in it (a designation's rights) or long lines (a purchase order's). */
  maxWidth?: 'sm' | 'md' | 'lg';
  /**
   * Sends the values (an operation's `submit`, ui/use-operation.ts); a refusal (ApiError) is shown
   * on the field it names, or above the form.
   */
  onSubmit: (values: z.output<Schema>) => Promise<unknown>;
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
      maxWidth={props.maxWidth ?? 'sm'}
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
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as DefaultValues<z.input<Schema>>,
    mode: 'onTouched',
  });
  const { submit, formError } = useFormSubmit(form, schema, onSubmit, onBusy);

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

import { useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import {
  AddCabinetDocument,
  DeleteCabinetDocument,
  type CabinetDocument,
  type CabinetFolder,
} from '@fieldport/contract/operations/cabinet';
import {
  FILE_PURPOSE_RULES,
  FILE_TYPES,
  fileProblem,
  formatFileSize,
} from '@fieldport/contract/operations/files';
import { ApiError, isApiError } from '../../api/client.ts';
import { uploadFile } from '../../api/uploads.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { fieldProps } from '../../ui/field-props.ts';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { cabinetQueries } from './cabinet-format.ts';

// Adding a document to a folder and deleting one (docs/cabinet.md).

const PURPOSE = 'CABINET_DOCUMENT';
const RULE = FILE_PURPOSE_RULES[PURPOSE];
/** What the file picker offers: the purpose's types, by type and by extension. */
const ACCEPT = RULE.types
  .flatMap((type) => [type, ...FILE_TYPES[type].extensions.map((ext) => `.${ext}`)])
  .join(',');

/**
 * The form: the chosen file, checked by the file rule the server applies (fileProblem: type, size,
 * name), and AddCabinetDocument's own description.
 */
const documentForm = AddCabinetDocument.input.pick({ description: true }).extend({
  file: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .superRefine((file, context) => {
      if (!file) {
        context.addIssue({ code: 'custom', message: 'Choose a file to add' });
        return;
      }
      const problem = fileProblem(PURPOSE, {
        file_name: file.name,
        file_type: file.type,
        file_size: file.size,
      });
      if (problem) context.addIssue({ code: 'custom', message: problem.message });
    }),
});

/** The fields of the upload and of AddCabinetDocument that are about the file: shown on the file. */
const FILE_FIELDS = new Set(['file_name', 'file_type', 'file_size', 's3_key']);

/** A refusal about the file (its type, its size, the quota, its name taken) is put on the file field. */
function onTheFile(error: unknown): unknown {
  if (!isApiError(error) || !error.field || !FILE_FIELDS.has(error.field)) return error;
  const prefix = `${error.field}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return new ApiError(message, error.code, 'file');
}

/**
 * Add document: a file (PDF, Office, text or image, within the size the rule allows and the
 * cabinet's quota) and what it is, uploaded to the file store and then added to the folder.
 */
export function AddDocumentDialog({
  folder,
  onClose,
  onAdded,
}: {
  folder: CabinetFolder;
  onClose: () => void;
  onAdded: () => void;
}) {
  const add = useOperation(AddCabinetDocument, { invalidate: cabinetQueries(), onSuccess: onAdded });
  // How much of the file has gone up, while it goes.
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <FormDialog
      open
      title={`Add a document to '${folder.name}'`}
      schema={documentForm}
      defaultValues={{ file: null, description: '' }}
      submitLabel="Add document"
      onSubmit={async ({ file, description }) => {
        if (!file) return;
        try {
          setProgress(0);
          const uploaded = await uploadFile(file, PURPOSE, setProgress);
          await add.submit({
            folder_id: folder.folder_id,
            file_name: file.name,
            s3_key: uploaded.s3_key,
            description,
          });
        } catch (error) {
          throw onTheFile(error);
        } finally {
          setProgress(null);
        }
      }}
      onClose={onClose}
    >
      {(form) => (
        <>
          <FileField form={form} progress={progress} />
          <DescriptionField form={form} />
        </>
      )}
    </FormDialog>
  );
}

function DescriptionField({ form }: { form: FormOf<typeof documentForm> }) {
  const description = fieldProps(form, 'description');
  return (
    <FormTextField
      {...description}
      label="Description"
      multiline
      minRows={2}
      helperText={description.helperText ?? 'Optional: what the document is, for those who read the folder'}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

/**
 * The file, chosen with the system's picker: its name and size once chosen, and why it cannot be
 * added (checked at once, as the server would) under it.
 */
function FileField({ form, progress }: { form: FormOf<typeof documentForm>; progress: number | null }) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const messageId = useId();
  const message = form.formState.errors.file?.message;
  return (
    <Controller
      control={form.control}
      name="file"
      render={({ field }) => {
        const file = field.value as File | null;
        return (
          <Box role="group" aria-labelledby={labelId}>
            <Typography
              id={labelId}
              variant="body2"
              color={message ? 'error' : 'text.secondary'}
              sx={{ mb: 0.75 }}
            >
              File *
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                ref={field.ref}
                variant="outlined"
                startIcon={<AttachFileOutlined />}
                onClick={() => input.current?.click()}
                aria-describedby={messageId}
                disabled={progress !== null}
                autoFocus
              >
                {file ? 'Choose another file' : 'Choose file'}
              </Button>
              {file && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {file.name}
                  </Box>{' '}
                  · {formatFileSize(file.size)}
                </Typography>
              )}
            </Box>
            <input
              ref={input}
              type="file"
              hidden
              accept={ACCEPT}
              aria-label="File"
              onChange={(event) => {
                const [picked] = event.target.files ?? [];
                event.target.value = '';
                if (!picked) return;
                form.setValue('file', picked, { shouldValidate: true, shouldDirty: true });
                field.onBlur();
              }}
            />
            {progress !== null && file && (
              <LinearProgress
                variant={progress > 0 ? 'determinate' : 'indeterminate'}
                value={progress * 100}
                aria-label={`Uploading ${file.name}`}
                sx={{ mt: 1.5 }}
              />
            )}
            <FormHelperText id={messageId} error={Boolean(message)} role={message ? 'alert' : undefined}>
              {message ?? `${RULE.typesMessage}; at most ${formatFileSize(RULE.maxBytes)}.`}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}

/** Asks before deleting a document from its folder. */
export function DeleteDocumentDialog({
  document,
  onClose,
}: {
  document: CabinetDocument;
  onClose: () => void;
}) {
  const remove = useOperation(DeleteCabinetDocument, { invalidate: cabinetQueries(), onSuccess: onClose });
  return (
    <ConfirmDialog
      open
      title={`Delete '${document.file_name}'?`}
      confirmLabel="Delete document"
      destructive
      busy={remove.isPending}
      onConfirm={() => remove.run({ document_id: document.document_id })}
      onClose={onClose}
    >
      It is removed from the folder '{document.folder_name}' for everyone who reads it. This cannot be undone.
    </ConfirmDialog>
  );
}

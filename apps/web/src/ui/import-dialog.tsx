import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  IMPORT_MAX_BYTES,
  importMessages,
  importRoutes,
  type ImportItem,
  type ImportRowError,
  type ImportSpec,
} from '@fieldport/contract/imports';
import { ExportButton } from './export-button.tsx';
import { useSnackbars } from './snackbars.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { confirmImport, uploadWorkbook, type ImportProgress } from './import-api.ts';

/**
 * A bulk import of any kind (docs/imports.md; customers, fleet items), in steps: choose a workbook (the
 * template can be downloaded), upload it (a progress bar for the bytes, then for the rows the
 * server checks), read the preview (every invalid row with its reason), confirm, watch the rows
 * being imported, read the report. Nothing is imported before the confirmation; the import is
 * all-or-nothing.
 */

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'working'; progress: ImportProgress | null; fileName: string }
  | { kind: 'preview'; item: ImportItem; message: string; failed?: boolean }
  | { kind: 'done'; item: ImportItem; message: string };

const number = (value: number) => value.toLocaleString('en-IN');

export function ImportDialog(props: {
  /** The kind: its sheet, columns, limit and what its rows are called. */
  spec: ImportSpec;
  /** What comes first in the dialog, above the template (what a row makes, what is checked). */
  intro?: string;
  open: boolean;
  onImported: () => Promise<void>;
  onClose: () => void;
}) {
  const narrow = useNarrowScreen();
  const snackbars = useSnackbars();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const { spec } = props;
  const messages = importMessages(spec);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const working = step.kind === 'working';

  const close = () => {
    if (working) return;
    setStep({ kind: 'choose' });
    props.onClose();
  };

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return setStep({ kind: 'choose', error: messages.notXlsx });
    if (file.size > IMPORT_MAX_BYTES) return setStep({ kind: 'choose', error: messages.tooLarge });
    setStep({ kind: 'working', progress: null, fileName: file.name });
    try {
      const checked = await uploadWorkbook(spec, file, (progress) =>
        setStep({ kind: 'working', progress, fileName: file.name }),
      );
      setStep({ kind: 'preview', ...checked });
    } catch (error) {
      setStep({ kind: 'choose', error: (error as Error).message });
    }
  };

  const confirm = async (item: ImportItem) => {
    setStep({
      kind: 'working',
      progress: { phase: 'importing', done: 0, total: item.valid_count },
      fileName: item.file_name,
    });
    try {
      const imported = await confirmImport(spec, item.import_id, (progress) =>
        setStep({ kind: 'working', progress, fileName: item.file_name }),
      );
      setStep({ kind: 'done', ...imported });
      snackbars.success(imported.message);
      await props.onImported();
    } catch (error) {
      const message = (error as Error).message;
      snackbars.error(message);
      setStep({ kind: 'preview', item, message: `${message} Nothing was imported.`, failed: true });
    }
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(file);
  };
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };

  return (
    <Dialog
      open={props.open}
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={narrow}
      aria-labelledby="import-title"
    >
      <DialogTitle id="import-title">Import {spec.noun.many}</DialogTitle>
      <DialogContent dividers>
        {step.kind === 'choose' && (
          <Stack spacing={2.5}>
            <Typography>
              {props.intro ? `${props.intro} ` : ''}Fill the template's <strong>{spec.sheet}</strong> sheet,
              one {spec.noun.one} per row, and upload it. You will see every row that cannot be imported, with
              the reason, before anything is imported.
            </Typography>
            <Box>
              <ExportButton url={importRoutes(spec).template} label="Download template" />
            </Box>
            {step.error && (
              <Alert severity="error" role="alert">
                {step.error}
              </Alert>
            )}
            <Box
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={dropped}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                borderRadius: 2,
                p: { xs: 3, sm: 4 },
                textAlign: 'center',
                bgcolor: dragging ? 'action.hover' : undefined,
              }}
            >
              <UploadFileOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
              <Typography sx={{ mt: 1, mb: 2 }}>Drop the .xlsx workbook here, or</Typography>
              {/* A real button (focusable, Enter and Space work) that opens the hidden file input. */}
              <Button variant="contained" onClick={() => picker.current?.click()}>
                Choose workbook
              </Button>
              <input
                ref={picker}
                type="file"
                hidden
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label="Workbook to import"
                onChange={chosen}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                At most {number(spec.maxRows)} rows and {IMPORT_MAX_BYTES / 1024 / 1024} MB per file.
              </Typography>
            </Box>
          </Stack>
        )}

        {step.kind === 'working' && (
          <Progress spec={spec} fileName={step.fileName} progress={step.progress} />
        )}

        {(step.kind === 'preview' || step.kind === 'done') && <Report spec={spec} step={step} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {step.kind === 'preview' && (
          <>
            <Button onClick={() => setStep({ kind: 'choose' })}>Choose another file</Button>
            <Box sx={{ flex: 1 }} />
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="contained"
              disabled={step.item.valid_count === 0}
              onClick={() => void confirm(step.item)}
            >
              Import {number(step.item.valid_count)}{' '}
              {step.item.valid_count === 1 ? spec.noun.one : spec.noun.many}
            </Button>
          </>
        )}
        {step.kind === 'done' && (
          <>
            <Button onClick={() => setStep({ kind: 'choose' })}>Import another file</Button>
            <Box sx={{ flex: 1 }} />
            <Button variant="contained" onClick={close}>
              Close
            </Button>
          </>
        )}
        {(step.kind === 'choose' || step.kind === 'working') && (
          <Button onClick={close} disabled={working}>
            Cancel
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Progress({
  spec,
  fileName,
  progress,
}: {
  spec: ImportSpec;
  fileName: string;
  progress: ImportProgress | null;
}) {
  let label = 'Starting …';
  let value: number | undefined;
  if (progress?.phase === 'uploading' && progress.loaded < progress.total) {
    value = Math.round((progress.loaded * 100) / progress.total);
    label = `Uploading ${fileName}: ${value}%`;
  } else if (progress?.phase === 'uploading') {
    // Sent; the server reads the rows before its first progress line.
    label = `Uploaded ${fileName}; checking the rows …`;
  } else if (progress?.phase === 'checking') {
    label = progress.total
      ? `Checked all ${number(progress.total)} rows`
      : `Checking rows: ${number(progress.done)} so far`;
  } else if (progress?.phase === 'importing') {
    value = progress.total ? Math.round((progress.done * 100) / progress.total) : undefined;
    label = `Importing: ${number(progress.done)} of ${number(progress.total ?? 0)} ${spec.noun.many}`;
  }
  return (
    <Stack spacing={1.5} sx={{ py: 3 }} aria-live="polite">
      <Typography>{label}</Typography>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {progress?.phase === 'importing' && (
        <Typography variant="body2" color="text.secondary">
          All rows are imported together: if anything fails, none is.
        </Typography>
      )}
    </Stack>
  );
}

function Report({ spec, step }: { spec: ImportSpec; step: Extract<Step, { kind: 'preview' | 'done' }> }) {
  const { preview } = spec;
  const { item } = step;
  const done = step.kind === 'done';
  const failed = step.kind === 'preview' && step.failed;
  const severity = done ? (item.errors.length ? 'warning' : 'success') : failed ? 'error' : 'info';
  return (
    <Stack spacing={2.5}>
      <Alert severity={severity} role={failed ? 'alert' : 'status'}>
        {step.message}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Summary">
        <Chip label={`${item.file_name}`} variant="outlined" />
        <Chip label={`Rows: ${number(item.total_rows)}`} />
        {done ? (
          <Chip color="success" label={`Imported: ${number(item.imported_count ?? 0)}`} />
        ) : (
          <Chip color="success" label={`Ready to import: ${number(item.valid_count)}`} />
        )}
        <Chip
          color={item.invalid_count ? 'error' : 'default'}
          label={`With errors: ${number(item.invalid_count)}`}
        />
      </Box>
      {!done && item.preview_rows.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            First rows to import
          </Typography>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" aria-label="First rows to import">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  {preview.map((column) => (
                    <TableCell key={column.key}>{column.header}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {item.preview_rows.map((row) => (
                  <TableRow key={row.row}>
                    <TableCell>{row.row}</TableCell>
                    {preview.map((column) => (
                      <TableCell key={column.key}>{row[column.key]}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
      {item.errors.length > 0 && <ErrorTable errors={item.errors} fileName={item.file_name} done={done} />}
    </Stack>
  );
}

/** Every reason of every invalid row, a page at a time, and the same as a .csv to fix the workbook with. */
function ErrorTable({
  errors,
  fileName,
  done,
}: {
  errors: ImportRowError[];
  fileName: string;
  done: boolean;
}) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const csv = () => {
    const quote = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;
    const lines = [
      ['Row', 'Column', 'Reason'],
      ...errors.map((error) => [error.row, error.field, error.message]),
    ];
    const blob = new Blob([`\uFEFF${lines.map((line) => line.map(quote).join(',')).join('\r\n')}`], {
      type: 'text/csv',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName.replace(/\.xlsx$/i, '')}-errors.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {done ? 'Rows not imported' : 'Rows that will not be imported'}
        </Typography>
        <Button size="small" startIcon={<FileDownloadOutlined />} onClick={csv}>
          Download the list (.csv)
        </Button>
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Rows with errors">
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.slice(page * size, page * size + size).map((error, index) => (
              <TableRow key={`${error.row}-${error.field}-${index}`}>
                <TableCell>{error.row}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{error.field}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {errors.length > 10 && (
        <TablePagination
          component="div"
          count={errors.length}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 25, 100]}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </Box>
  );
}

/** The Import button of a list's toolbar, with its dialog. */
export function ImportButton(props: { spec: ImportSpec; intro?: string; onImported: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

import { Fragment, type ReactNode } from 'react';
import { useFieldArray, type ArrayPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { FormField, type FieldConfig } from './form-fields.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';

/** A cell of a line: a form field (its `name` is the key within the line) and how wide it grows. */
export type LineFieldConfig = (FieldConfig & { grow?: number }) | CustomLineCell;

/**
 * A cell the form draws itself, given the line's index (a quotation line's item, whose list
 * depends on the line's kind): `LineCell` and `LineFormField` give it the width of the others.
 */
export interface CustomLineCell {
  kind: 'custom';
  /** Its key among the line's cells. */
  name: string;
  render: (index: number) => ReactNode;
}

type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

/** A cell of a line, `grow` times as wide as a plain one. */
export function LineCell({ grow = 1, children }: { grow?: number; children: ReactNode }) {
  return <Box sx={{ flex: `${grow} 1 ${grow * 120}px`, minWidth: 0, display: 'grid' }}>{children}</Box>;
}

/**
 * A form field in a line's cell. `path` is its full name ('lines.0.quantity'). Adding a line checks
 * every line at once (react-hook-form's field arrays): a field speaks once the person has been in
 * it, or the form was sent.
 */
export function LineFormField({
  form,
  path,
  field,
  grow,
}: {
  form: AnyForm;
  path: string;
  field: FieldConfig;
  grow?: number;
}) {
  const reached = form.formState.isSubmitted || form.getFieldState(path, form.formState).isTouched;
  return (
    <LineCell grow={grow}>
      <FormField form={form} field={{ ...field, name: path }} autoFocus={false} hideError={!reached} />
    </LineCell>
  );
}

/**
 * A form's repeating lines (the components of a stock movement, the items of a purchase order):
 * each line is a group of the same fields, named "Line 1", "Line 2" … for assistive technology,
 * with a button to remove it; "Add line" appends an empty one up to `max`, and a line is removed
 * down to `min` (1, or none for a payout's extras). The fields validate with the form's schema
 * like any other (messages under the field of the line they belong to); a message about the lines
 * as a whole (none yet) shows under them. One row per line on a wide screen, the fields wrapping
 * under each other on a narrow one.
 */
export function LinesField<Values extends FieldValues>(props: {
  form: UseFormReturn<Values, unknown, unknown>;
  /** The array field of the form, e.g. 'lines'. */
  name: ArrayPath<Values>;
  label: string;
  fields: LineFieldConfig[];
  /** A new line's values. */
  emptyLine: Record<string, unknown>;
  max: number;
  /** The fewest lines the form takes (1 by default): the last of them cannot be removed. */
  min?: number;
  addLabel?: string;
  /** What a line comes to, under its fields (a purchase order line's amounts). */
  lineSummary?: (index: number) => ReactNode;
}) {
  const { form, name, fields, max, min = 1 } = props;
  const lines = useFieldArray({ control: form.control, name });
  const narrow = useNarrowScreen();
  const error = form.getFieldState(name as never, form.formState).error as
    { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {lines.fields.map((line, index) => (
          <Box
            key={line.id}
            role="group"
            aria-label={`Line ${index + 1}`}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1.5,
              alignItems: 'flex-start',
              // Wrapped on a phone, a line's fields need a line between them and the next line's.
              ...(narrow && index > 0 ? { borderTop: 1, borderColor: 'divider', pt: 2 } : {}),
            }}
          >
            {fields.map((field) =>
              field.kind === 'custom' ? (
                <Fragment key={field.name}>{field.render(index)}</Fragment>
              ) : (
                <LineFormField
                  key={field.name}
                  form={form as unknown as AnyForm}
                  path={`${name}.${index}.${field.name}`}
                  field={field}
                  grow={field.grow}
                />
              ),
            )}
            <Tooltip title={`Remove line ${index + 1}`}>
              {/* Removed down to `min` lines only: the form needs them. */}
              <span>
                <IconButton
                  aria-label={`Remove line ${index + 1}`}
                  onClick={() => lines.remove(index)}
                  disabled={lines.fields.length <= min}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlineOutlined />
                </IconButton>
              </span>
            </Tooltip>
            {props.lineSummary && <Box sx={{ flexBasis: '100%', mt: -0.5 }}>{props.lineSummary(index)}</Box>}
          </Box>
        ))}
      </Box>
      {message && <FormHelperText error>{message}</FormHelperText>}
      {lines.fields.length < max && (
        <Button
          startIcon={<AddOutlined />}
          onClick={() => lines.append(props.emptyLine as never)}
          sx={{ mt: 1, alignSelf: 'flex-start' }}
        >
          {props.addLabel ?? 'Add line'}
        </Button>
      )}
    </Box>
  );
}

import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { ContactFields, FormSection, LocationFields } from '../../ui/customer-form.tsx';
import { FormField, type FieldConfig } from '../../ui/form-fields.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

const WHAT: FieldConfig[] = [
  {
    kind: 'text',
    name: 'product_name',
    label: 'Product',
    maxLength: 150,
    helperText: 'Optional: what it is, e.g. Split AC 1.5 ton',
  },
  {
    kind: 'text',
    name: 'serial_number',
    label: 'Serial number',
    maxLength: 60,
    helperText: 'Optional: from the label on the product',
  },
];

/**
 * A request's fields (raiseRequestSchema, publicRequestSchema; docs/requests.md): who and how to
 * reach them, where the visit is, what needs service and when. Wide, the what beside the who and
 * where, with `children` (the send button) under it. The public form, signed out, does not look
 * its pincode up (`lookup`).
 */
export function RequestFields({
  form,
  who,
  lookup,
  wide = false,
  autoFocus = false,
  children,
}: {
  form: Form;
  /** The first group's title: 'Your details', 'Customer'. */
  who: string;
  lookup: boolean;
  wide?: boolean;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const field = (config: FieldConfig) => <FormField form={form} field={config} autoFocus={false} />;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          lg: wide ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
        },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3}>
        <FormSection title={who}>
          <Stack spacing={2.5}>
            <ContactFields form={form} autoFocus={autoFocus} />
          </Stack>
        </FormSection>
        <FormSection title="Where the visit is">
          <LocationFields form={form} details={false} lookup={lookup} />
        </FormSection>
      </Stack>
      <Stack spacing={3}>
        <FormSection title="What needs service">
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 200px' } }}>
              {WHAT.map((config) => (
                <FormField key={config.name} form={form} field={config} autoFocus={false} />
              ))}
            </Box>
            {field({
              kind: 'text',
              name: 'problem',
              label: 'Problem',
              required: true,
              multiline: true,
              maxLength: 1000,
              helperText: 'What is wrong, in a few words: at least 10 characters',
            })}
            {field({
              kind: 'date',
              name: 'preferred_visit_date',
              label: 'Preferred visit date',
              helperText: 'Optional',
            })}
          </Stack>
        </FormSection>
        {children}
      </Stack>
    </Box>
  );
}

/** A request form's send button, under its fields. */
export function SendRequestButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<SendOutlined />}
        loading={busy}
        loadingPosition="start"
      >
        {label}
      </Button>
    </Box>
  );
}

import {
  QUOTATION_MAX_VALIDITY_DAYS,
  quotationTemplates,
  type QuotationTemplateItem,
} from '@fieldport/contract/operations/quotations';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormField, FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { lineForForm, QuotationLinesField } from './quotation-lines-field.tsx';

const linesWords = (item: QuotationTemplateItem) => {
  const count = item.default_lines.length;
  return count === 0 ? 'No lines' : `${count} ${count === 1 ? 'line' : 'lines'}`;
};

const HEAD_FIELDS: FieldConfig[] = [
  { kind: 'text', name: 'template_name', label: 'Name', required: true, maxLength: 100 },
  {
    kind: 'number',
    name: 'validity_days',
    label: 'Valid for (days)',
    required: true,
    min: 1,
    max: QUOTATION_MAX_VALIDITY_DAYS,
    helperText: 'A quotation from it is valid this many days from the day it is drafted',
  },
  {
    kind: 'text',
    name: 'header_text',
    label: 'Header',
    multiline: true,
    maxLength: 1000,
    helperText: 'Printed above the lines',
  },
];

const TAIL_FIELDS: FieldConfig[] = [
  {
    kind: 'text',
    name: 'footer_text',
    label: 'Footer',
    multiline: true,
    maxLength: 1000,
    helperText: 'Printed below the totals',
  },
  { kind: 'text', name: 'terms', label: 'Terms', multiline: true, maxLength: 3000 },
];

const config = (title: string): MasterConfig<typeof quotationTemplates> => ({
  contract: quotationTemplates,
  title,
  columns: [
    { field: 'template_name', header: 'Name', flex: 1, minWidth: 180 },
    {
      field: 'validity_days',
      header: 'Valid for',
      width: 120,
      minWidth: 100,
      render: (item) => `${item.validity_days} ${item.validity_days === 1 ? 'day' : 'days'}`,
    },
    { field: 'default_lines', header: 'Lines', width: 110, hideOnNarrow: true, render: linesWords },
  ],
  fields: [...HEAD_FIELDS, ...TAIL_FIELDS],
  renderForm: (form) => (
    <>
      <FormFields form={form} fields={HEAD_FIELDS} />
      <QuotationLinesField form={form} name="default_lines" label="Default lines" supply={null} min={0} />
      {TAIL_FIELDS.map((field) => (
        <FormField key={field.name} form={form} field={field} autoFocus={false} />
      ))}
    </>
  ),
  formMaxWidth: 'lg',
  emptyValues: {
    template_name: '',
    header_text: '',
    footer_text: '',
    terms: '',
    validity_days: 30,
    default_lines: [],
  },
  toForm: (item) => ({
    template_name: item.template_name,
    header_text: item.header_text ?? '',
    footer_text: item.footer_text ?? '',
    terms: item.terms ?? '',
    validity_days: item.validity_days,
    default_lines: item.default_lines.map(lineForForm),
  }),
});

/**
 * /TemplateList (docs/quotations.md#templates): what a quotation may start from: its header,
 * footer and terms, how many days it is valid, and its first lines (without a product: a template
 * is for any customer).
 */
export default function TemplatesPage({ route, can }: FeaturePageProps) {
  return <MasterPage config={config(route.title)} can={can} />;
}

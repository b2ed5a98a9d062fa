import { sql } from 'drizzle-orm';
import { quotationTemplates, type QuotationTemplateItem } from '@fieldport/contract/operations/quotations';
import { quotationTemplate } from '../../db/schema/quotations.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { priceLines } from './quotation-lines.ts';

/**
 * Quotation templates (docs/quotations.md#templates): the texts, validity and first lines a
 * quotation starts from. Their lines name active items as a quotation's do (no product: a template
 * is no customer's).
 */
export const quotationTemplateHandlers = defineMaster({
  contract: quotationTemplates,
  table: quotationTemplate,
  list: {
    select: {
      id: quotationTemplate.id,
      name: quotationTemplate.name,
      header_text: quotationTemplate.header_text,
      footer_text: quotationTemplate.footer_text,
      terms: quotationTemplate.terms,
      validity_days: quotationTemplate.validity_days,
      default_lines: quotationTemplate.default_lines,
      status: quotationTemplate.status,
      created_at: quotationTemplate.created_at,
    },
    search: [quotationTemplate.name],
    sort: {
      template_name: sql`lower(${quotationTemplate.name})`,
      template_status: quotationTemplate.status,
      template_created_on: quotationTemplate.created_at,
    },
    toItem: (row): QuotationTemplateItem => ({
      template_id: row.id,
      template_name: row.name,
      header_text: row.header_text,
      footer_text: row.footer_text,
      terms: row.terms,
      validity_days: row.validity_days,
      default_lines: row.default_lines as QuotationTemplateItem['default_lines'],
      template_status: row.status,
      template_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'Quotation templates',
      columns: [
        { header: 'Name', width: 36, value: (item) => item.template_name },
        { header: 'Valid for (days)', width: 14, value: (item) => item.validity_days },
        { header: 'Default lines', width: 14, value: (item) => item.default_lines.length },
        { header: 'Terms', width: 60, value: (item) => item.terms ?? '' },
        ...statusAndCreatedColumns<QuotationTemplateItem>('template_status', 'template_created_on'),
      ],
    },
  },
  check: async (values, context) => {
    // The lines' items must be active ones of the organization; the supply does not matter here.
    await priceLines(
      context.db,
      context.caller,
      values.default_lines.map((line) => ({ ...line, fleet_item_id: null })),
      'INTRA_STATE',
      null,
    );
  },
  values: (values) => ({
    name: values.template_name,
    header_text: values.header_text,
    footer_text: values.footer_text,
    terms: values.terms,
    validity_days: values.validity_days,
    default_lines: values.default_lines.map((line) => ({ ...line, fleet_item_id: null })),
  }),
});

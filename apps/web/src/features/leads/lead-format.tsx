import type { ChipProps } from '@mui/material/Chip';
import type { z } from 'zod';
import type { createCustomerSchema } from '@fieldport/contract/operations/customers';
import {
  LEAD_FIELD_TYPE_LABELS,
  LEAD_FIELD_TYPES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  ListLeadForms,
  ListLeads,
  type LeadAnswer,
  type LeadItem,
  type LeadStatus,
} from '@fieldport/contract/operations/leads';
import { DEFAULT_COUNTRY, formatPhoneNational, isCountryCode } from '@fieldport/contract/phone';
import { emptyLocation } from '../../ui/customer-form.tsx';
import { formatDay } from '../../ui/format.ts';
import { StateChip } from '../../ui/status-chip.tsx';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How leads read on /ProductSales (docs/leads.md): their status in words, their answers as the
 * form asked them, the customer a lead converts to, and the queries a change reads again.
 */

/** Open leads ask to be worked; a won one is done; a lost one is quiet. */
const STATUS_COLORS: Record<LeadStatus, ChipProps['color']> = {
  NEW: 'info',
  CONTACTED: 'primary',
  QUALIFIED: 'secondary',
  WON: 'success',
  LOST: 'default',
};

export function LeadStatusChip({ status }: { status: LeadStatus }) {
  return (
    <StateChip
      label={LEAD_STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
      outlined={status === 'LOST'}
    />
  );
}

export const STATUS_CHOICES = LEAD_STATUSES.map((status) => ({
  value: status,
  label: LEAD_STATUS_LABELS[status],
}));
export const FIELD_TYPE_CHOICES = LEAD_FIELD_TYPES.map((type) => ({
  value: type,
  label: LEAD_FIELD_TYPE_LABELS[type],
}));

/** Every page of the leads and of the forms (their lead counts): what a change reads again. */
export const leadQueries = () => [listQueryKey(ListLeads), listQueryKey(ListLeadForms)];

/** An answer as it reads: a date as a day, anything else as typed. */
export const answerWords = (answer: Pick<LeadAnswer, 'type' | 'value'>) =>
  answer.type === 'DATE' && /^\d{4}-\d{2}-\d{2}$/.test(answer.value) ? formatDay(answer.value) : answer.value;

export const quotationHref = (quotationId: string) =>
  `/QuotationsView?quotation_id=${encodeURIComponent(quotationId)}`;
/** A customer's own page: their products and tickets (docs/product-fleet.md#screens). */
export const customerHref = (customerId: string) =>
  `/CustomerProducts?customer=${encodeURIComponent(customerId)}`;

type NewCustomerEntry = z.input<typeof createCustomerSchema>;

/**
 * The new customer a lead converts to, as the customer form starts (docs/leads.md): its name,
 * phone (in its country's own format) and email; the address is the person's to type.
 */
export function newCustomerOf(lead: LeadItem): NewCustomerEntry {
  const country = isCountryCode(lead.phone_country) ? lead.phone_country : DEFAULT_COUNTRY;
  return {
    customer_name: lead.customer_name,
    phone_country: country,
    customer_phone: formatPhoneNational(lead.customer_phone),
    customer_email: lead.customer_email ?? '',
    customer_category_id: null,
    primary_location: emptyLocation(country),
    secondary_locations: [],
  };
}

/** Whether a follow-up not done was due before `now`. */
export const overdue = (followUp: { due_at: string; done_on: string | null }, now: number) =>
  !followUp.done_on && Date.parse(followUp.due_at) < now;

import type { ChipProps } from '@mui/material/Chip';
import type { createCustomerSchema } from '@fieldport/contract/operations/customers';
import type { FleetItem } from '@fieldport/contract/operations/product-fleet';
import {
  ListServiceRequests,
  REQUEST_SOURCE_LABELS,
  REQUEST_SOURCES,
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type RequestState,
  type ServiceRequestItem,
} from '@fieldport/contract/operations/requests';
import type { createTicketSchema } from '@fieldport/contract/operations/tickets';
import { checkPhone, DEFAULT_COUNTRY, formatPhoneNational } from '@fieldport/contract/phone';
import type { z } from 'zod';
import { StateChip } from '../../ui/status-chip.tsx';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How requests for service read on /RequestForServices and /RFS (docs/requests.md): their state and
 * source in words, the place and product in a line, what converting one starts from, and the
 * queries a decision reads again.
 */

/** A new request asks to be noticed; a converted one is done; rejected and merged ones are quiet. */
const STATE_COLORS: Record<RequestState, ChipProps['color']> = {
  NEW: 'warning',
  CONVERTED: 'success',
  MERGED: 'info',
  REJECTED: 'default',
};

export function RequestStateChip({ state }: { state: RequestState }) {
  return (
    <StateChip
      label={REQUEST_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      outlined={state === 'REJECTED'}
    />
  );
}

export const STATE_CHOICES = REQUEST_STATES.map((state) => ({
  value: state,
  label: REQUEST_STATE_LABELS[state],
}));
export const SOURCE_CHOICES = REQUEST_SOURCES.map((source) => ({
  value: source,
  label: REQUEST_SOURCE_LABELS[source],
}));

/** Every page of the requests' lists: what a decision or a new request reads again. */
export const requestQueries = () => [listQueryKey(ListServiceRequests)];

/** 'Bengaluru 560001'. */
export const placeWords = (request: Pick<ServiceRequestItem, 'city' | 'pincode'>) =>
  `${request.city} ${request.pincode}`;

/** Where it came from, and who raised it: ['Dealer', 'Sharma Electronics · Deepak Dealer']. */
export function sourceWords(
  request: Pick<ServiceRequestItem, 'source' | 'dealer_name' | 'raised_by_name'>,
): [source: string, by: string | null] {
  const by =
    request.source === 'DEALER' ? [request.dealer_name, request.raised_by_name] : [request.raised_by_name];
  return [REQUEST_SOURCE_LABELS[request.source], by.filter(Boolean).join(' · ') || null];
}

type TicketEntry = z.input<typeof createTicketSchema>;
type NewCustomerEntry = z.input<typeof createCustomerSchema>;

/** A customer made from the request's words: its phone in its own country's format, its place. */
export function newCustomerOf(request: ServiceRequestItem): NewCustomerEntry {
  const checked = checkPhone(request.customer_phone);
  return {
    customer_name: request.customer_name,
    phone_country: checked.ok ? checked.country : DEFAULT_COUNTRY,
    customer_phone: formatPhoneNational(request.customer_phone),
    customer_email: request.customer_email ?? '',
    customer_category_id: null,
    primary_location: {
      location_label: '',
      address: request.address,
      pincode: request.pincode,
      city: request.city,
      state: request.state_name,
      country: request.country,
      latitude: null,
      longitude: null,
    },
    secondary_locations: [],
  };
}

/**
 * The ticket a request converts to, as its form starts (docs/requests.md#converting): the fleet item
 * with its serial number when there is one (its customer, place and product), else the customer
 * with its phone (the location matched by the server), else a new customer from the request's
 * details; the problem and the visit date the customer gave.
 */
export function ticketOf(
  request: ServiceRequestItem,
  matched: { customerId: string | null; fleetItem: FleetItem | null },
): TicketEntry {
  const { fleetItem, customerId } = matched;
  const customer = fleetItem
    ? { customer_id: fleetItem.customer_id, location_id: fleetItem.location_id, new_customer: null }
    : customerId
      ? { customer_id: customerId, location_id: request.matched_location_id, new_customer: null }
      : { customer_id: null, location_id: null, new_customer: newCustomerOf(request) };
  return {
    ...customer,
    service_id: fleetItem?.service_id ?? '',
    service_type_id: null,
    serial_number: fleetItem?.serial_number ?? request.serial_number ?? '',
    fleet_item_id: fleetItem?.fleet_item_id ?? null,
    problem_description_id: null,
    problem_note: request.problem,
    priority: 'MEDIUM',
    preferred_visit_date: request.preferred_visit_date ?? '',
    preferred_visit_time: '',
    under_warranty: fleetItem?.coverage.coverage === 'IN_WARRANTY',
    assignment: null,
    technician_id: null,
    partner_party_id: null,
  };
}

/** A request's form as it starts: India, nothing typed (the public form adds its `org`). */
export const emptyRequest = () => ({
  customer_name: '',
  phone_country: DEFAULT_COUNTRY,
  customer_phone: '',
  customer_email: '',
  address: '',
  pincode: '',
  city: '',
  state: '',
  country: DEFAULT_COUNTRY,
  serial_number: '',
  product_name: '',
  problem: '',
  preferred_visit_date: '',
});

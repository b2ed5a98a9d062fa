import {
  FGR_CLAIM_STATUS_LABELS,
  FGR_MESSAGES,
  ListFGR,
  type FgrClaimStatus,
  type FgrItem,
  type FgrState,
} from '@fieldport/contract/operations/fgr';
import { COVERAGE_LABELS } from '@fieldport/contract/operations/product-fleet';
import type { TicketItem } from '@fieldport/contract/operations/tickets';
import { formatDay } from '../../ui/format.ts';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How a product replacement reads on its screens (docs/fgr.md), in words: what allowed it, the
 * serials, the claim, what its state lets a person do, and the addresses it links to.
 */

/** "In warranty until 14 Jan 2027", "Under AMC until 31 Mar 2027": the coverage that allowed it. */
export const coveredByWords = (item: Pick<FgrItem, 'coverage' | 'coverage_until'>) =>
  `${COVERAGE_LABELS[item.coverage]} until ${formatDay(item.coverage_until)}`;

/** "AC240001 → AC240001-R1": the product replaced and its replacement. */
export const serialsWords = (item: Pick<FgrItem, 'old_serial_number' | 'replacement_serial_number'>) =>
  `${item.old_serial_number} → ${item.replacement_serial_number}`;

/** "AC Repair, Voltas": the product and who makes it (the claim goes to them). */
export const productWords = (item: Pick<FgrItem, 'product_name' | 'manufacturer_name'>) =>
  [item.product_name, item.manufacturer_name].filter(Boolean).join(', ');

/** The claim is followed once the replacement is approved (docs/fgr.md#its-life); before, it is not. */
export const claimShown = (item: Pick<FgrItem, 'state'>) => item.state === 'APPROVED';

/** Every claim status but "Not claimed yet" carries the manufacturer's claim reference. */
export const claimNeedsReference = (status: FgrClaimStatus) => status !== 'PENDING';

/** "Claimed · MFR-CLM-2026-0117", or the status alone when it has no reference. */
export const claimWords = (item: Pick<FgrItem, 'claim_status' | 'claim_reference'>) =>
  [FGR_CLAIM_STATUS_LABELS[item.claim_status], item.claim_reference].filter(Boolean).join(' · ');

/** What a replacement's state lets a person with EDIT do to it (docs/fgr.md#its-life). */
export type FgrAction = 'edit' | 'reopen' | 'claim';

export function actionsOf(state: FgrState): FgrAction[] {
  switch (state) {
    case 'PENDING_APPROVAL':
      return ['edit'];
    case 'REJECTED':
    case 'WITHDRAWN':
      return ['reopen'];
    case 'APPROVED':
      return ['claim'];
  }
}

/**
 * Why a ticket cannot give a replacement, before asking the server (docs/fgr.md#generating-one):
 * discarded, or without a product of the fleet; null when it may. Coverage and the rest are the
 * server's to decide.
 */
export function whyNotReplaceable(
  ticket: Pick<TicketItem, 'ticket_number' | 'state' | 'fleet_item_id'>,
): string | null {
  if (ticket.state === 'DISCARDED') return FGR_MESSAGES.ticketDiscarded(ticket.ticket_number);
  if (!ticket.fleet_item_id) return FGR_MESSAGES.noFleetItem(ticket.ticket_number);
  return null;
}

/** Where a ticket opens: its page on the Active Tickets route shows it whatever its state. */
export const ticketHref = (ticketId: string) => `/ActiveTickets?ticket_id=${encodeURIComponent(ticketId)}`;

/**
 * Where the replacement is seen in the fleet: the customer's products (Reports > Customer
 * Products), where the new item is listed beside the one it replaced. The fleet has no page of
 * one item (docs/product-fleet.md#screens).
 */
export const customerProductsHref = (customerId: string) =>
  `/CustomerProducts?customer=${encodeURIComponent(customerId)}`;

/** One replacement's details (GetFGR). */
export const fgrKey = (fgrId: string) => ['fgr', fgrId] as const;

/** What any change to a replacement shows anew: every page of the list and every replacement open. */
export const fgrQueries = () => [listQueryKey(ListFGR), ['fgr']];

import { and, eq } from 'drizzle-orm';
import {
  ReassignOrOpenTheAssignedTicket,
  type NewTicketAssignment,
} from '@fieldport/contract/operations/tickets';
import { decideAccess } from '@fieldport/contract/permissions';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { eligibleTechnicians } from '../territories/assignment-rules.ts';
import { pickTechnician } from './assignment.ts';
import { mailCoordinatorsUnassigned, mailTicketAssigned } from './ticket-mails.ts';
import { recordEvent, type TicketRow } from './ticket-rules.ts';
import { callerKind, todayOf } from './ticket-scope.ts';

/**
 * Whether the caller may choose how one new ticket is given out instead of the organization's mode
 * (docs/tickets.md#assignment): the organization's own co-ordinators, who may assign tickets
 * (ReassignOrOpenTheAssignedTicket's right). A partner's ticket always goes to the partner.
 */
export function mayChooseAssignment(caller: Caller): boolean {
  return (
    callerKind(caller) === 'STAFF' &&
    decideAccess(ReassignOrOpenTheAssignedTicket.access, caller.profile, caller.menu).allowed
  );
}

/** A co-ordinator's choice for one new ticket: a mode, or ASSIGN to a checked eligible assignee. */
export interface AssignmentChoice {
  assignment: NewTicketAssignment;
  /** With ASSIGN: who, already checked eligible (assignment-rules.ts). */
  assignee?: {
    technician_id: string | null;
    partner_party_id: string | null;
    details: Record<string, unknown>;
  };
}

/**
 * A new ticket (created or re-created) given out by the organization's mode
 * (docs/product.md#assignment-and-claim), or by a co-ordinator's choice for this ticket: MANUAL
 * stays OPEN for a co-ordinator; FLOATING stays OPEN in the eligible technicians' pool; AUTOMATIC
 * goes to the pick of pickTechnician, or stays OPEN and the co-ordinators are told; ASSIGN goes to
 * the chosen eligible assignee. A service partner's own ticket is given to the partner.
 */
export async function giveOut(
  context: OperationContext,
  row: TicketRow,
  pincode: string,
  choice?: AssignmentChoice | null,
): Promise<TicketRow> {
  const { db, caller } = context;
  const update = async (changes: Partial<typeof ticket.$inferInsert>) => {
    const [updated] = await db
      .update(ticket)
      .set({ ...changes, updated_at: new Date() })
      .where(and(eq(ticket.organization_id, row.organization_id), eq(ticket.id, row.id)))
      .returning();
    return updated;
  };

  if (callerKind(caller) === 'PARTNER') {
    const updated = await update({ state: 'ASSIGNED', assigned_at: new Date() });
    await recordEvent(db, caller, row, {
      kind: 'ASSIGNED',
      from_state: 'OPEN',
      to_state: 'ASSIGNED',
      details: { partner_party_id: caller.party!.id, partner_name: caller.party!.name },
    });
    return updated;
  }

  switch (choice?.assignment ?? caller.organization.ticket_assignment_mode) {
    case 'ASSIGN': {
      const assignee = choice!.assignee!;
      const updated = await update({
        state: 'ASSIGNED',
        technician_id: assignee.technician_id,
        partner_party_id: assignee.partner_party_id,
        assigned_at: new Date(),
      });
      await recordEvent(db, caller, row, {
        kind: 'ASSIGNED',
        from_state: 'OPEN',
        to_state: 'ASSIGNED',
        details: assignee.details,
      });
      if (assignee.technician_id) await mailTicketAssigned(context, row, assignee.technician_id);
      return updated;
    }
    case 'MANUAL':
      return row;
    case 'FLOATING':
      return update({ is_floating: true });
    case 'AUTOMATIC': {
      const eligible = await eligibleTechnicians(db, row.organization_id, {
        pincode,
        categoryId: row.category_id,
      });
      const chosen = await pickTechnician(db, row.organization_id, eligible, todayOf(caller));
      if (!chosen) {
        const why = eligible.length
          ? 'no eligible technician is checked in today.'
          : 'no technician is mapped to its territory with its category in their expertise.';
        await recordEvent(db, caller, row, { kind: 'NOTE', text: `Not assigned automatically: ${why}` });
        await mailCoordinatorsUnassigned(context, row, why);
        return row;
      }
      const updated = await update({
        state: 'ASSIGNED',
        technician_id: chosen.technician_id,
        partner_party_id: chosen.party_id,
        assigned_at: new Date(),
      });
      await recordEvent(db, caller, row, {
        kind: 'ASSIGNED',
        from_state: 'OPEN',
        to_state: 'ASSIGNED',
        text: 'Assigned automatically',
        details: { technician_id: chosen.technician_id, technician_name: chosen.user_name, automatic: true },
      });
      await mailTicketAssigned(context, row, chosen.technician_id);
      return updated;
    }
  }
}

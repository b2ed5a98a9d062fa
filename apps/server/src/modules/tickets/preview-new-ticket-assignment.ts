import { Preview_New_Ticket_Assignment, type TicketAssignee } from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../platform/handler.ts';
import { requireOfferedService } from '../product-catalogue/service-offer.ts';
import { territoryOfPincode } from '../territories/assignment-rules.ts';
import { mayChooseAssignment } from './give-out.ts';
import { eligibleAssignees } from './list-ticket-assignees.ts';

/**
 * Before a ticket is raised: the organization's mode, the pincode's territory (none: nobody will be
 * eligible, and the New ticket dialog warns), and for a co-ordinator who is eligible for the
 * service's category there, to assign it now.
 */
export const previewNewTicketAssignment = defineHandler(
  Preview_New_Ticket_Assignment,
  async (input, { db, caller }) => {
    const place = input.pincode ? await territoryOfPincode(db, caller.organization.id, input.pincode) : null;
    const mayChoose = mayChooseAssignment(caller);
    let items: TicketAssignee[] = [];
    if (mayChoose && input.pincode && input.service_id && place?.territory_status === 'ACTIVE') {
      const offered = await requireOfferedService(db, caller, input.service_id, 'service_id');
      items = await eligibleAssignees(db, caller, {
        pincode: input.pincode,
        categoryId: offered.category_id,
      });
    }
    return {
      data: {
        assignment_mode: caller.organization.ticket_assignment_mode,
        territory_id: place?.territory_id ?? null,
        territory_name: place?.territory_name ?? null,
        territory_inactive: Boolean(place && place.territory_status !== 'ACTIVE'),
        may_choose_assignment: mayChoose,
        items,
      },
    };
  },
);

import type { Handler } from '../../platform/handler.ts';
import { acceptOrRejectTicket } from './accept-or-reject-ticket.ts';
import { attendanceCheckIn, attendanceCheckOut, getAttendanceStatus } from './attendance.ts';
import { claimTicket } from './claim-ticket.ts';
import { closeTicket } from './close-ticket.ts';
import { createTicket } from './create-ticket.ts';
import { discardTicket } from './discard-ticket.ts';
import { getTicketDetails } from './get-ticket-details.ts';
import { holdOrResumeTicket } from './hold-or-resume-ticket.ts';
import { listTicketAssignees } from './list-ticket-assignees.ts';
import {
  countTicketsByList,
  listClosedTickets,
  listOpenTickets,
  listTechnicianTickets,
  searchTickets,
} from './list-tickets.ts';
import { organizationDashboard } from './organization-dashboard.ts';
import { partiallyCloseTicket } from './partially-close-ticket.ts';
import { reassignOrOpenTicket } from './reassign-or-open-ticket.ts';
import { previewNewTicketAssignment } from './preview-new-ticket-assignment.ts';
import { reCreateTicket } from './recreate-ticket.ts';
import { releaseTicket } from './release-ticket.ts';
import { sendTicketClosureOtp } from './send-ticket-closure-otp.ts';
import {
  markTicketAsFoc,
  updateTicketServiceCharges,
  updateTicketVisit,
  updateTicketWarranty,
} from './ticket-field-updates.ts';
import { ticketInteraction } from './ticket-interaction.ts';
import { updateTicketWorkStatus } from './update-ticket-work-status.ts';

/** Every ticket operation's handler (docs/tickets.md), for modules/handlers.ts. */
export const ticketHandlers = [
  createTicket,
  listOpenTickets,
  listClosedTickets,
  countTicketsByList,
  searchTickets,
  getTicketDetails,
  listTicketAssignees,
  previewNewTicketAssignment,
  listTechnicianTickets,
  getAttendanceStatus,
  attendanceCheckIn,
  attendanceCheckOut,
  reassignOrOpenTicket,
  claimTicket,
  releaseTicket,
  acceptOrRejectTicket,
  updateTicketWorkStatus,
  holdOrResumeTicket,
  partiallyCloseTicket,
  sendTicketClosureOtp,
  closeTicket,
  discardTicket,
  reCreateTicket,
  markTicketAsFoc,
  updateTicketVisit,
  updateTicketWarranty,
  updateTicketServiceCharges,
  ticketInteraction,
  organizationDashboard,
] as Handler[];

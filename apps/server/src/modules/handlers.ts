import type { Handler } from '../platform/handler.ts';
import { getAllMyOrganizations } from './account/get-all-my-organizations.ts';
import { getCurrentUserDetails } from './account/get-current-user-details.ts';
import { updateUserDetails } from './account/update-user-details.ts';
import { listLogs } from './audit/list-logs.ts';
import { listOutboxMails } from './mail-outbox/list-outbox-mails.ts';
import { activateOrDeactivateCustomer } from './customers/activate-or-deactivate-customer.ts';
import { addCustomerSecondaryLocation } from './customers/add-customer-secondary-location.ts';
import { confirmCustomerImport, getCustomerImport } from './customers/confirm-customer-import.ts';
import { createCustomer } from './customers/create-customer.ts';
import { listCustomers } from './customers/list-customers.ts';
import { getCustomer } from './customers/get-customer.ts';
import { removeCustomerSecondaryLocation } from './customers/remove-customer-secondary-location.ts';
import { updateCustomer } from './customers/update-customer.ts';
import { updateCustomerSecondaryLocation } from './customers/update-customer-secondary-location.ts';
import {
  activateOrDeactivateDesignation,
  createDesignation,
  listDesignations,
  updateDesignation,
} from './designations/designations.ts';
import { listDealerFlags, updateDealerFlags } from './organization/dealer-flags.ts';
import { getOrganizationSettings } from './organization/get-organization-settings.ts';
import { updateOrganizationLogo } from './organization/update-organization-logo.ts';
import { updateOrganizationSettings } from './organization/update-organization-settings.ts';
import { additionalPartHandlers } from './settings/additional-parts.ts';
import { escalationNotificationHandlers } from './settings/escalation-notifications.ts';
import {
  closureRemarkHandlers,
  customerCategoryHandlers,
  problemDescriptionHandlers,
  productFleetStatusHandlers,
  serviceTypeHandlers,
  supportTypeHandlers,
  territoryCategoryHandlers,
} from './settings/named-masters.ts';
import { activateOrDeactivateUser } from './people/activate-or-deactivate-user.ts';
import { createUser } from './people/create-user.ts';
import { markUserAsInvalid } from './people/mark-user-as-invalid.ts';
import { dealerHandlers, servicePartnerHandlers } from './people/parties.ts';
import { resendInvitation } from './people/resend-invitation.ts';
import { transferOwnerShip } from './people/transfer-owner-ship.ts';
import { updateUser } from './people/update-user.ts';
import { listRepresentatives, listUsers } from './people/users-list.ts';
import { wipStateHandlers } from './settings/wip-states.ts';
import { wipSubStageHandlers } from './settings/wip-sub-stages.ts';

import { generateS3Url } from './files/generate-s3-url.ts';
import { getPresignedUrl } from './files/get-presigned-url.ts';
import { categoryHandlers } from './product-catalogue/categories.ts';
import { masterCategoryHandlers } from './product-catalogue/master-categories.ts';
import { serviceHandlers } from './product-catalogue/services.ts';
import {
  listServicePartnerCoverage,
  listTechnicianCoverage,
  updateServicePartnerCoverage,
  updateTechnicianCoverage,
} from './territories/coverage.ts';
import { lookupPincode } from './territories/pincode-directory.ts';
import { pincodeTypeHandlers } from './territories/pincode-types.ts';
import { listPincodes, removePincode, updatePincode } from './territories/pincodes.ts';
import { territoryHandlers } from './territories/territories.ts';
import { ticketHandlers } from './tickets/ticket-handlers.ts';
import { approvalHandlers } from './approvals/approval-handlers.ts';
import { productFleetHandlers } from './product-fleet/fleet-handlers.ts';
import { inventoryHandlers } from './inventory/inventory-handlers.ts';
import { purchasingHandlers } from './purchasing/purchasing-handlers.ts';
import { payoutHandlers } from './payouts/payouts-handlers.ts';
import { quotationsHandlers } from './quotations/quotations-handlers.ts';
import { contractsHandlers } from './contracts/contracts-handlers.ts';
import { fgrHandlers } from './fgr/fgr-handlers.ts';
import { scheduleHandlers } from './schedules/plans.ts';
import { requestsHandlers } from './requests/requests.ts';
import { cabinetHandlers } from './cabinet/cabinet.ts';
import { leadFormHandlers } from './leads/lead-forms.ts';
import { leadHandlers } from './leads/leads.ts';
import { searchAllModules } from './search/search-all.ts';
import { reportHandlers } from './reports/ticket-reports.ts';
import { peopleReportHandlers } from './reports/people-reports.ts';
import { reportDownloadHandlers } from './reports/report-downloads.ts';
import { amcRenewalReportHandlers } from './reports/amc-renewal-report.ts';
import { attendanceReportHandlers } from './reports/attendance-report.ts';
import { creditHandlers } from './credits/credits.ts';

/** Every operation's handler; the endpoint refuses to start when a declared operation has none. */
export const HANDLERS: Handler[] = [
  listOutboxMails,
  lookupPincode,
  getCurrentUserDetails,
  getAllMyOrganizations,
  updateUserDetails,
  // Settings masters: four handlers each (list, create, update, activate/deactivate).
  ...problemDescriptionHandlers,
  ...closureRemarkHandlers,
  ...productFleetStatusHandlers,
  ...customerCategoryHandlers,
  ...serviceTypeHandlers,
  ...supportTypeHandlers,
  ...territoryCategoryHandlers,
  ...wipStateHandlers,
  ...wipSubStageHandlers,
  ...additionalPartHandlers,
  ...escalationNotificationHandlers,
  // Organization settings, designations and the audit log.
  getOrganizationSettings,
  updateOrganizationSettings,
  updateOrganizationLogo,
  listDealerFlags,
  updateDealerFlags,
  listDesignations,
  createDesignation,
  updateDesignation,
  activateOrDeactivateDesignation,
  listLogs,
  // People (docs/people.md): members of every kind, service partners and dealers.
  listUsers,
  listRepresentatives,
  createUser,
  updateUser,
  activateOrDeactivateUser,
  markUserAsInvalid,
  resendInvitation,
  transferOwnerShip,
  ...servicePartnerHandlers,
  ...dealerHandlers,
  // Product catalogue, territories and files.
  ...masterCategoryHandlers,
  ...categoryHandlers,
  ...serviceHandlers,
  ...pincodeTypeHandlers,
  ...territoryHandlers,
  listPincodes,
  updatePincode,
  removePincode,
  listTechnicianCoverage,
  updateTechnicianCoverage,
  listServicePartnerCoverage,
  updateServicePartnerCoverage,
  generateS3Url,
  getPresignedUrl,
  // Customers and their bulk import (docs/customers.md).
  listCustomers,
  getCustomer,
  createCustomer,
  updateCustomer,
  activateOrDeactivateCustomer,
  addCustomerSecondaryLocation,
  updateCustomerSecondaryLocation,
  removeCustomerSecondaryLocation,
  getCustomerImport,
  confirmCustomerImport,
  // Tickets: creation, the lists, every transition, attendance and the dashboard (docs/tickets.md).
  ...ticketHandlers,
  // Approvals: the workflow engine's requests and Workflow Settings (docs/approvals.md).
  ...approvalHandlers,
  // The installed fleet: AMC types, fleet items, their approvals and tagging (docs/product-fleet.md).
  ...productFleetHandlers,
  // Spare parts: components, stores, stock and its ledger (docs/inventory.md).
  ...inventoryHandlers,
  // Purchasing: vendors (docs/purchasing.md).
  ...purchasingHandlers,
  // What service partners earn: rate cards, payouts and their invoices (docs/payouts.md).
  ...payoutHandlers,
  // Quotations, their templates, the customer's link and payments (docs/quotations.md).
  ...quotationsHandlers,
  // AMC contracts sold through quotations or entered (docs/contracts.md).
  ...contractsHandlers,
  // Product replacement under warranty or AMC (docs/fgr.md).
  ...fgrHandlers,
  // Scheduled maintenance: plans on fleet items that raise their tickets ahead (docs/schedules.md).
  ...scheduleHandlers,
  ...requestsHandlers,
  // The cabinet: folders of documents shared with partners and dealers (docs/cabinet.md).
  ...cabinetHandlers,
  // Leads: forms, leads, follow-ups and winning them (docs/leads.md).
  ...leadFormHandlers,
  ...leadHandlers,
  // All Search: one box across the lists a caller may search (docs/search.md).
  searchAllModules,
  // Reports: figures over the caller's tickets, one shape for the screen and the .xlsx (docs/reports.md).
  ...reportHandlers,
  ...peopleReportHandlers,
  ...reportDownloadHandlers,
  ...amcRenewalReportHandlers,
  ...attendanceReportHandlers,
  // Credits spent on tickets and bought through a payment provider (docs/credits.md).
  ...creditHandlers,
] as Handler[];

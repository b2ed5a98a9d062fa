import * as account from './operations/account.ts';
import * as settings from './operations/settings.ts';
import * as organization from './operations/organization.ts';
import * as designations from './operations/designations.ts';
import * as audit from './operations/audit.ts';
import * as customers from './operations/customers.ts';
import * as people from './operations/people.ts';
import * as productCatalogue from './operations/product-catalogue.ts';
import * as territories from './operations/territories.ts';
import * as files from './operations/files.ts';
import * as tickets from './operations/tickets.ts';
import * as mailOutbox from './operations/mail-outbox.ts';
import * as approvals from './operations/approvals.ts';
import * as productFleet from './operations/product-fleet.ts';
import * as inventory from './operations/inventory.ts';
import * as purchasing from './operations/purchasing.ts';
import * as payouts from './operations/payouts.ts';
import * as credits from './operations/credits.ts';
import * as quotations from './operations/quotations.ts';
import * as contracts from './operations/contracts.ts';
import * as fgr from './operations/fgr.ts';
import * as schedules from './operations/schedules.ts';
import * as requests from './operations/requests.ts';
import * as cabinet from './operations/cabinet.ts';
import * as leads from './operations/leads.ts';
import * as search from './operations/search.ts';
import * as reports from './operations/reports.ts';
import * as reportDownloads from './operations/report-downloads.ts';
import type { OperationDef } from './operation.ts';

/**
 * Every operation of the product, by name. The server registers one handler for each (a test fails
 * when one is missing) and the GraphQL schema is generated from this list.
 */
function collect(...areas: Record<string, unknown>[]): Record<string, OperationDef> {
  const operations: Record<string, OperationDef> = {};
  for (const area of areas) {
    for (const value of Object.values(area)) {
      if (isOperation(value)) {
        if (operations[value.name]) throw new Error(`Operation ${value.name} is declared twice`);
        operations[value.name] = value;
      }
    }
  }
  return operations;
}

function isOperation(value: unknown): value is OperationDef {
  return (
    typeof value === 'object' && value !== null && 'kind' in value && 'input' in value && 'access' in value
  );
}

export const CATALOGUE = collect(
  account,
  settings,
  organization,
  designations,
  audit,
  customers,
  people,
  productCatalogue,
  territories,
  files,
  tickets,
  mailOutbox,
  approvals,
  productFleet,
  inventory,
  purchasing,
  quotations,
  contracts,
  fgr,
  schedules,
  requests,
  cabinet,
  leads,
  search,
  reports,
  reportDownloads,
  payouts,
  credits,
);

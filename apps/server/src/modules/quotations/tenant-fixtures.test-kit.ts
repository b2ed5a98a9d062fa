import { and, eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  GetQuotation,
  ListQuotations,
  ListWorkFlowPayments,
  quotationTemplates,
  RecordQuotationPayment,
  ReviseQuotation,
  SaveQuotation,
  ShareQuotation,
  SubmitQuotation,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { seedCustomer } from '../../db/seed/customers.ts';
import { quotation, quotationLine, quotationPayment } from '../../db/schema/quotations.ts';
import { unique } from '../../test/harness.ts';
import {
  masterFixtures,
  type FixtureRegistry,
  type FixtureWorld,
  type Target,
} from '../../test/tenant-fixture.ts';
import { seedTestComponent } from '../inventory/stock.test-kit.ts';

// Quotations of organization A for the walls of graphql/permission-matrix.test.ts: drafted by A's
// owner for A's customer, so that B's owner is kept out, and A's partners and dealers (who see only
// their own party's quotations) too (docs/quotations.md#who).

async function arrangeQuotation(world: FixtureWorld, state: 'DRAFT' | 'APPROVED' | 'ACCEPTED') {
  const organization_id = world.a.org.id;
  const customer = await seedCustomer(world.db, {
    organization_id,
    name: unique('Fixture customer '),
    phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    email: 'customer@fixture.example',
    primary_location: { address: '1, MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
  });
  const part = await seedTestComponent(world.db, organization_id, 'Fixture quoted part');
  const lines = [{ kind: 'COMPONENT', item_id: part.id, quantity: 2, unit_price: 25_000, tax_rate: 0 }];
  const input = {
    customer_id: customer.id,
    valid_until: shiftDay(dayIn(world.a.org.time_zone), 30),
    lines,
  };
  const data = (await world.asOwner(SaveQuotation, input)) as { items: QuotationItem[] };
  const item = data.items[0];
  // Moved on as the workflow and the customer would have it (the owner may not approve their own).
  if (state !== 'DRAFT') {
    await world.db
      .update(quotation)
      .set({ state })
      .where(and(eq(quotation.organization_id, organization_id), eq(quotation.id, item.quotation_id)));
  }
  const stateOf = async () => ({
    quotations: await world.db
      .select()
      .from(quotation)
      .where(eq(quotation.quotation_number, item.quotation_number)),
    lines: await world.db
      .select()
      .from(quotationLine)
      .where(eq(quotationLine.quotation_id, item.quotation_id)),
    payments: await world.db
      .select()
      .from(quotationPayment)
      .where(eq(quotationPayment.quotation_id, item.quotation_id)),
  });
  return { item, input, customer, state: stateOf };
}

const ownTarget = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'organization' });
const traces = (item: QuotationItem) => [item.quotation_id, item.quotation_number];

export const quotationFixtures: FixtureRegistry = {
  ...masterFixtures(quotationTemplates, async () => (name) => ({
    template_name: name,
    terms: 'Prices include installation.',
    validity_days: 15,
  })),
  [ListQuotations.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'DRAFT');
      return ownTarget({ input: { search: item.quotation_number }, traces: traces(item), state });
    },
  },
  [GetQuotation.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'DRAFT');
      return ownTarget({ input: { quotation_id: item.quotation_id }, traces: traces(item), state });
    },
  },
  [SaveQuotation.name]: {
    async arrange(world) {
      const { item, input, customer, state } = await arrangeQuotation(world, 'DRAFT');
      return ownTarget({
        input: { ...input, quotation_id: item.quotation_id },
        traces: [...traces(item), customer.name],
        state,
      });
    },
  },
  [SubmitQuotation.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'DRAFT');
      return ownTarget({ input: { quotation_id: item.quotation_id }, traces: traces(item), state });
    },
  },
  [ShareQuotation.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'APPROVED');
      return ownTarget({ input: { quotation_id: item.quotation_id }, traces: traces(item), state });
    },
  },
  [ReviseQuotation.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'APPROVED');
      return ownTarget({ input: { quotation_id: item.quotation_id }, traces: traces(item), state });
    },
  },
  [RecordQuotationPayment.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'ACCEPTED');
      return ownTarget({
        input: {
          quotation_id: item.quotation_id,
          amount: 10_000,
          paid_on: dayIn(world.a.org.time_zone),
          mode: 'UPI',
          reference: 'UPI-FIXTURE',
        },
        traces: traces(item),
        state,
      });
    },
  },
  [ListWorkFlowPayments.name]: {
    async arrange(world) {
      const { item, state } = await arrangeQuotation(world, 'ACCEPTED');
      await world.asOwner(RecordQuotationPayment, {
        quotation_id: item.quotation_id,
        amount: 10_000,
        paid_on: dayIn(world.a.org.time_zone),
        mode: 'UPI',
        reference: unique('UPI-'),
      });
      return ownTarget({ input: { quotation_id: item.quotation_id }, traces: traces(item), state });
    },
  },
};

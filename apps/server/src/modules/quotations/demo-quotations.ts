import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import type { QuotationLineInput } from '@fieldport/contract/operations/quotations';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { quotation } from '../../db/schema/quotations.ts';
import { decide } from '../../platform/workflow.ts';
import { createContract } from '../contracts/contracts.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
import { quotationTemplateHandlers } from './quotation-templates.ts';
// The QUOTATION kind is registered when the quotations' handlers load (as in the server).
import './quotations-handlers.ts';
import { recordQuotationPayment, saveQuotation, submitQuotation } from './quotations.ts';

/**
 * The demo's quotations (docs/quotations.md#the-demo), made through the operations as the admin
 * and the owner would make them: a template, and quotations in each state a co-ordinator meets: a
 * draft, one waiting for the owner's approval on /QuotationApprovals, one approved and ready to
 * send, one sent, one sent and expired, one accepted and partly paid, one rejected; and AMC
 * contracts, two of them due for renewal (docs/contracts.md#the-demo). The customer's
 * answers are written as the link would write them, without raising tickets (the demo's tickets
 * are its own). An organization with quotations already is left alone.
 */
export async function raiseDemoQuotations(db: Db): Promise<number> {
  const world = await demoWorld(db, ['ADMIN', 'OWNER']);
  if (!world) return 0;
  const { demo, part } = world;
  const [already] = await db
    .select({ id: quotation.id })
    .from(quotation)
    .where(eq(quotation.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const customers = await db
    .select({ id: customer.id, email: customer.email, state: customerLocation.state })
    .from(customer)
    .innerJoin(
      customerLocation,
      and(eq(customerLocation.customer_id, customer.id), eq(customerLocation.is_primary, true)),
    )
    .where(
      and(
        eq(customer.organization_id, demo.id),
        isNull(customer.party_id),
        isNotNull(customer.email),
        eq(customer.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(customer.created_at), asc(customer.id))
    .limit(7);
  const [visit] = await db
    .select({ id: service.id, price: service.price_paise })
    .from(service)
    .where(and(eq(service.organization_id, demo.id), eq(service.status, 'ACTIVE')))
    .orderBy(asc(service.name))
    .limit(1);
  const [plan] = await db
    .select({ id: amcType.id, price: amcType.price_paise })
    .from(amcType)
    .where(and(eq(amcType.organization_id, demo.id), eq(amcType.status, 'ACTIVE')))
    .orderBy(asc(amcType.name))
    .limit(1);
  if (customers.length < 7 || !visit || !plan) return 0;
  const [product] = await db
    .select({ id: fleetItem.id, service_id: fleetItem.service_id })
    .from(fleetItem)
    .where(and(eq(fleetItem.organization_id, demo.id), eq(fleetItem.customer_id, customers[0].id)))
    .limit(1);

  const today = dayIn(demo.time_zone);
  const gasCharge: QuotationLineInput = {
    kind: 'COMPONENT',
    item_id: part('GAS-R32'),
    quantity: 1,
    unit_price: 240_000,
    tax_rate: 18,
  };
  const repairVisit: QuotationLineInput = {
    kind: 'SERVICE',
    item_id: product?.service_id ?? visit.id,
    fleet_item_id: product?.id ?? null,
    quantity: 1,
    unit_price: visit.price,
    tax_rate: 18,
  };
  const yearOfAmc: QuotationLineInput = {
    kind: 'AMC',
    item_id: plan.id,
    fleet_item_id: product?.id ?? null,
    quantity: 1,
    unit_price: plan.price,
    discount: 40_000,
    tax_rate: 18,
  };
  const capacitor: QuotationLineInput = {
    kind: 'COMPONENT',
    item_id: part('CAP-35-5-440'),
    quantity: 2,
    unit_price: 45_000,
    tax_rate: 18,
  };
  const terms =
    '50% advance with the order, the balance on completion. Spare parts carry a warranty of 90 days. Prices include installation.';

  let made = 0;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asAdmin = await demoContext(tx, world.members.ADMIN);
    const asOwner = await demoContext(tx, world.members.OWNER);
    const [, createTemplate] = quotationTemplateHandlers;
    const template = (
      await createTemplate.handle(
        createTemplate.operation.input.parse({
          template_name: 'AC repair with AMC offer',
          header_text: 'Thank you for calling us. Our engineer found the following work is needed:',
          footer_text: 'Our engineer will call you before the visit.',
          terms,
          validity_days: 15,
          default_lines: [gasCharge],
        }),
        asAdmin,
      )
    ).data.items[0] as { template_id: string };

    const draft = async (index: number, lines: QuotationLineInput[], days = 15) => {
      const saved = await saveQuotation.handle(
        saveQuotation.operation.input.parse({
          customer_id: customers[index].id,
          template_id: template.template_id,
          valid_until: shiftDay(today, days),
          header_text: 'Thank you for calling us. Our engineer found the following work is needed:',
          footer_text: 'Our engineer will call you before the visit.',
          terms,
          // A product is named only for its own customer (the first).
          lines: index === 0 ? lines : lines.map((line) => ({ ...line, fleet_item_id: null })),
        }),
        asAdmin,
      );
      made += 1;
      return saved.data.items[0];
    };
    const submitted = async (index: number, lines: QuotationLineInput[], days?: number) => {
      const item = await draft(index, lines, days);
      return (await submitQuotation.handle({ quotation_id: item.quotation_id }, asAdmin)).data.items[0];
    };
    const approved = async (index: number, lines: QuotationLineInput[], days?: number) => {
      const item = await submitted(index, lines, days);
      await decide(asOwner, {
        request_id: item.workflow_request_id!,
        decision: 'APPROVE',
        level: 1,
        comment: 'Fine to send.',
      });
      return item;
    };
    const answered = (id: string, values: Partial<typeof quotation.$inferInsert>) =>
      tx
        .update(quotation)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(quotation.organization_id, demo.id), eq(quotation.id, id)));

    await draft(0, [repairVisit, gasCharge, yearOfAmc]);
    await submitted(1, [gasCharge, capacitor]);
    await approved(2, [repairVisit, capacitor]);
    const sent = await approved(3, [gasCharge, yearOfAmc]);
    await answered(sent.quotation_id, {
      state: 'SENT',
      shared_at: new Date(),
      shared_to: customers[3].email,
    });
    const lapsed = await approved(4, [capacitor], 3);
    await answered(lapsed.quotation_id, {
      state: 'SENT',
      shared_at: new Date(),
      shared_to: customers[4].email,
      valid_until: shiftDay(today, -2),
    });
    const accepted = await approved(5, [repairVisit, gasCharge]);
    await answered(accepted.quotation_id, {
      state: 'ACCEPTED',
      shared_at: new Date(),
      shared_to: customers[5].email,
      customer_comment: 'Please come in the morning.',
      responded_at: new Date(),
      outcome: { tickets: [], amc_items: [] },
    });
    await recordQuotationPayment.handle(
      recordQuotationPayment.operation.input.parse({
        quotation_id: accepted.quotation_id,
        amount: Math.round(accepted.total_amount / 2),
        paid_on: today,
        mode: 'UPI',
        reference: 'UPI-DEMO-2611',
        note: 'Advance',
      }),
      asAdmin,
    );
    // An AMC sold at the door last year, now due for renewal (docs/contracts.md).
    if (product) {
      await createContract.handle(
        createContract.operation.input.parse({
          customer_id: customers[0].id,
          amc_type_id: plan.id,
          start_date: shiftDay(today, -340),
          fleet_item_ids: [product.id],
          amount: plan.price,
          note: 'Sold by the engineer at the door.',
        }),
        asAdmin,
      );
    }
    // Two more AMCs ending soon, for the AMC Renewal Due report (docs/reports.md#amc-renewal-due):
    // the second customer's products, ending a few days after the first contract (also due for
    // renewal), and the third's, ending in about seven weeks (seen when looking 60 days ahead).
    const [cover] = await tx
      .select({ service_ids: amcType.service_ids })
      .from(amcType)
      .where(eq(amcType.id, plan.id));
    for (const [index, daysAgo, count] of [
      [1, 337, 2],
      [2, 315, 1],
    ] as const) {
      const owned = await tx
        .select({ id: fleetItem.id, service_id: fleetItem.service_id })
        .from(fleetItem)
        .where(
          and(
            eq(fleetItem.organization_id, demo.id),
            eq(fleetItem.customer_id, customers[index].id),
            eq(fleetItem.status, 'ACTIVE'),
            eq(fleetItem.approval_state, 'APPROVED'),
          ),
        )
        .orderBy(asc(fleetItem.serial_number));
      // Only products the plan covers (a plan may name its products).
      const products = owned
        .filter((item) => cover.service_ids.length === 0 || cover.service_ids.includes(item.service_id))
        .slice(0, count);
      if (products.length === 0) continue;
      await createContract.handle(
        createContract.operation.input.parse({
          customer_id: customers[index].id,
          amc_type_id: plan.id,
          start_date: shiftDay(today, -daysAgo),
          fleet_item_ids: products.map((item) => item.id),
          amount: plan.price * products.length,
          note: 'Renewed by phone last year.',
        }),
        asAdmin,
      );
    }
    const refused = await approved(6, [yearOfAmc]);
    await answered(refused.quotation_id, {
      state: 'REJECTED',
      shared_at: new Date(),
      shared_to: customers[6].email,
      customer_comment: 'Too costly for us this year.',
      responded_at: new Date(),
    });
  });
  return made;
}

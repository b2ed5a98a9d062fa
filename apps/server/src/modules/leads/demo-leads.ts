import { and, eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { leadForm } from '../../db/schema/leads.ts';
import { quotationTemplate } from '../../db/schema/quotations.ts';
import { demoContext, demoRequest, demoWorld } from '../demo-context.ts';
import { createLeadForm } from './lead-forms.ts';
import {
  addLeadFollowUp,
  captureLead,
  completeLeadFollowUp,
  convertLead,
  insertLead,
  updateLead,
} from './leads.ts';

/**
 * The demo's leads (docs/leads.md): a public enquiry form owned by the national sales manager and an
 * internal walk-in form owned by the regional one, with leads in each status: new and contacted
 * from the public link, qualified with a follow-up overdue, lost with its reason, and one won (a
 * customer and a draft quotation from the demo's template). Made through the handlers as the admin.
 * An organization with lead forms is left alone.
 */
export async function raiseDemoLeads(db: Db): Promise<number> {
  const world = await demoWorld(db, ['ADMIN', 'NSM', 'RSM']);
  if (!world) return 0;
  const { demo, members } = world;
  const [already] = await db
    .select({ id: leadForm.id })
    .from(leadForm)
    .where(eq(leadForm.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const [template] = await db
    .select({ id: quotationTemplate.id })
    .from(quotationTemplate)
    .where(and(eq(quotationTemplate.organization_id, demo.id), eq(quotationTemplate.status, 'ACTIVE')))
    .limit(1);

  let made = 0;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asAdmin = await demoContext(tx, members.ADMIN);
    const today = dayIn(demo.time_zone);

    const enquiry = (
      await createLeadForm.handle(
        createLeadForm.operation.input.parse({
          form_name: 'Air conditioner enquiry',
          description:
            'Tell us about your home or office and we will call you with the right air conditioner.',
          default_owner_id: members.NSM,
          is_public: true,
          fields: [
            {
              key: 'product',
              label: 'Product of interest',
              type: 'SELECT',
              required: true,
              options: ['Split AC', 'Window AC', 'Cassette AC', 'Air purifier'],
            },
            { key: 'rooms', label: 'Rooms to cool', type: 'NUMBER', required: false },
            { key: 'budget', label: 'Budget (Rs)', type: 'NUMBER', required: false },
            { key: 'visit_date', label: 'Preferred visit date', type: 'DATE', required: false },
            {
              key: 'heard_from',
              label: 'How did you hear of us?',
              type: 'SELECT',
              required: false,
              options: ['Dealer', 'Newspaper', 'A friend', 'Our website'],
            },
          ],
        }),
        asAdmin,
      )
    ).data.items[0];
    const walkIn = (
      await createLeadForm.handle(
        createLeadForm.operation.input.parse({
          form_name: 'Dealer walk-in',
          description: "A customer who asked at a dealer's showroom.",
          default_owner_id: members.RSM,
          is_public: false,
          fields: [
            { key: 'dealer', label: 'Dealer', type: 'TEXT', required: true },
            { key: 'product', label: 'Product', type: 'TEXT', required: false },
            { key: 'alternate_phone', label: 'Alternate phone', type: 'PHONE', required: false },
          ],
        }),
        asAdmin,
      )
    ).data.items[0];
    const [enquiryRow] = await tx.select().from(leadForm).where(eq(leadForm.id, enquiry.form_id));

    const fromLink = async (values: Parameters<typeof insertLead>[5]) =>
      insertLead(tx, asAdmin.mailer, demo, enquiryRow, { source: 'PUBLIC', ip: demoRequest.ip }, values);
    const onScreen = async (formId: string, values: Record<string, unknown>) =>
      (await captureLead.handle(captureLead.operation.input.parse({ form_id: formId, ...values }), asAdmin))
        .data.items[0];

    await fromLink({
      customer_name: 'Anita Desai',
      customer_phone: '9988776601',
      phone_country: 'IN',
      customer_email: 'anita.desai@example.com',
      answers: { product: 'Split AC', rooms: '3', budget: '120000', heard_from: 'Our website' },
    });
    const contacted = await fromLink({
      customer_name: 'Rahul Mehta',
      customer_phone: '9988776602',
      phone_country: 'IN',
      customer_email: null,
      answers: { product: 'Cassette AC', rooms: '1', heard_from: 'Dealer', visit_date: shiftDay(today, 5) },
    });
    await updateLead.handle(
      updateLead.operation.input.parse({ lead_id: contacted.id, owner_id: members.NSM, status: 'CONTACTED' }),
      asAdmin,
    );
    await addLeadFollowUp.handle(
      addLeadFollowUp.operation.input.parse({
        lead_id: contacted.id,
        due_date: shiftDay(today, 1),
        due_time: '11:00',
        note: 'Call back with the price of a 2-ton cassette AC for the clinic.',
      }),
      asAdmin,
    );

    const qualified = await onScreen(walkIn.form_id, {
      customer_name: 'Sunita Rao',
      customer_phone: '9988776603',
      answers: { dealer: 'Cool Corner Electronics', product: 'Two split ACs for a new flat' },
    });
    await updateLead.handle(
      updateLead.operation.input.parse({
        lead_id: qualified.lead_id,
        owner_id: members.RSM,
        status: 'QUALIFIED',
      }),
      asAdmin,
    );
    const called = await addLeadFollowUp.handle(
      addLeadFollowUp.operation.input.parse({
        lead_id: qualified.lead_id,
        due_date: shiftDay(today, -3),
        due_time: '16:00',
        note: 'First call: ask about the flat and the budget.',
      }),
      asAdmin,
    );
    await completeLeadFollowUp.handle(
      completeLeadFollowUp.operation.input.parse({
        follow_up_id: called.data.items[0].follow_ups[0].follow_up_id,
        outcome: 'Moving in next month; wants a site visit first.',
      }),
      asAdmin,
    );
    await addLeadFollowUp.handle(
      addLeadFollowUp.operation.input.parse({
        lead_id: qualified.lead_id,
        due_date: shiftDay(today, -1),
        due_time: '10:30',
        note: 'Fix the site visit with the engineer.',
      }),
      asAdmin,
    );

    const lost = await onScreen(walkIn.form_id, {
      customer_name: 'Vikram Singh',
      customer_phone: '9988776604',
      answers: { dealer: 'Sharma Appliances', product: 'Window AC' },
    });
    await updateLead.handle(
      updateLead.operation.input.parse({
        lead_id: lost.lead_id,
        owner_id: members.RSM,
        status: 'LOST',
        lost_reason: 'Bought a cheaper window AC from another brand.',
      }),
      asAdmin,
    );

    const won = await fromLink({
      customer_name: 'Farhan Qureshi',
      customer_phone: '9988776605',
      phone_country: 'IN',
      customer_email: 'farhan.qureshi@example.com',
      answers: { product: 'Split AC', rooms: '2', budget: '90000', heard_from: 'A friend' },
    });
    await convertLead.handle(
      convertLead.operation.input.parse({
        lead_id: won.id,
        customer: {
          customer_name: 'Farhan Qureshi',
          customer_phone: '9988776605',
          customer_email: 'farhan.qureshi@example.com',
          primary_location: {
            address: '14, 2nd Main, Jayanagar 4th Block',
            pincode: '560011',
            city: 'Bengaluru',
            state: 'Karnataka',
          },
        },
        quotation_template_id: template?.id ?? null,
      }),
      asAdmin,
    );
    made = 5;
  });
  return made;
}

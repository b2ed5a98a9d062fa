import { eq } from 'drizzle-orm';
import {
  AddLeadFollowUp,
  CaptureLead,
  CompleteLeadFollowUp,
  ConvertLead,
  CreateLeadForm,
  ListLeadForms,
  ListLeadOwnerChoices,
  ListLeads,
  UpdateLead,
  UpdateLeadForm,
} from '@fieldport/contract/operations/leads';
import { newId } from '../../db/ids.ts';
import { lead, leadFollowUp, leadForm } from '../../db/schema/leads.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld } from '../../test/tenant-fixture.ts';

// Leads of organization A for the walls of graphql/permission-matrix.test.ts: a form with a lead and
// a follow-up, which B's owner must not reach.

const mobile = () => `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export async function leadOfA(world: FixtureWorld) {
  const formId = newId();
  const leadId = newId();
  const followUpId = newId();
  const formName = unique('Enquiry ');
  const name = unique('Prospect ');
  await world.db.insert(leadForm).values({
    id: formId,
    organization_id: world.a.org.id,
    name: formName,
    fields: [{ key: 'budget', label: 'Budget', type: 'NUMBER', required: false, options: [] }],
  });
  await world.db.insert(lead).values({
    id: leadId,
    organization_id: world.a.org.id,
    lead_number: unique('LEAD/'),
    form_id: formId,
    source: 'PUBLIC',
    name,
    phone: mobile(),
    phone_country: 'IN',
    answers: [{ key: 'budget', label: 'Budget', type: 'NUMBER', value: '45000' }],
  });
  await world.db.insert(leadFollowUp).values({
    id: followUpId,
    organization_id: world.a.org.id,
    lead_id: leadId,
    due_at: new Date(Date.now() + 86_400_000),
    note: 'Call about the demo',
  });
  const state = async () => ({
    forms: await world.db.select().from(leadForm).where(eq(leadForm.id, formId)),
    leads: await world.db.select().from(lead).where(eq(lead.form_id, formId)),
    followUps: await world.db.select().from(leadFollowUp).where(eq(leadFollowUp.lead_id, leadId)),
  });
  return { formId, formName, leadId, followUpId, name, state };
}

export const leadFixtures: FixtureRegistry = {
  [ListLeadOwnerChoices.name]: { none: "Lists the caller's own organization's staff" },
  [ListLeadForms.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: { search: target.formName },
        traces: [target.formId, target.formName],
        state: target.state,
      };
    },
  },
  [CreateLeadForm.name]: { none: "Builds a form in the caller's own organization" },
  [UpdateLeadForm.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: { form_id: target.formId, form_name: unique('Renamed '), fields: [], form_status: 'ACTIVE' },
        traces: [target.formId, target.formName],
        state: target.state,
      };
    },
  },
  [ListLeads.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return { input: { search: target.name }, traces: [target.leadId, target.name], state: target.state };
    },
  },
  [CaptureLead.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: {
          form_id: target.formId,
          customer_name: unique('Walk-in '),
          customer_phone: mobile(),
          answers: { budget: '30000' },
        },
        traces: [target.formId, target.formName],
        state: target.state,
      };
    },
  },
  [UpdateLead.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: { lead_id: target.leadId, status: 'CONTACTED' },
        traces: [target.leadId, target.name],
        state: target.state,
      };
    },
  },
  [AddLeadFollowUp.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: {
          lead_id: target.leadId,
          due_date: '2030-01-15',
          due_time: '11:30',
          note: 'Send the brochure',
        },
        traces: [target.leadId, target.name],
        state: target.state,
      };
    },
  },
  [CompleteLeadFollowUp.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: { follow_up_id: target.followUpId, outcome: 'Spoke to them' },
        traces: [target.followUpId, target.name],
        state: target.state,
      };
    },
  },
  [ConvertLead.name]: {
    async arrange(world) {
      const target = await leadOfA(world);
      return {
        input: {
          lead_id: target.leadId,
          customer: {
            customer_name: target.name,
            customer_phone: mobile(),
            primary_location: {
              address: '12 MG Road',
              pincode: '560001',
              city: 'Bengaluru',
              state: 'Karnataka',
            },
          },
        },
        traces: [target.leadId, target.name],
        state: target.state,
      };
    },
  },
};

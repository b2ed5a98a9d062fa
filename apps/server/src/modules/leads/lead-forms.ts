import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CreateLeadForm,
  LEAD_MESSAGES,
  LEAD_OWNER_ROLES,
  leadFormPath,
  ListLeadForms,
  ListLeadOwnerChoices,
  UpdateLeadForm,
  type LeadFormItem,
} from '@fieldport/contract/operations/leads';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { member, user } from '../../db/schema/identity.ts';
import { leadForm } from '../../db/schema/leads.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { refusingDuplicates } from '../../platform/masters.ts';
import { signedIdTokens } from '../../platform/secrets.ts';
import { inOrganization, membersOf, userOfMember } from '../../platform/tenant.ts';
import { serverSecret } from '../quotations/quotation-link.ts';

// Lead forms (docs/leads.md#forms): built on /ProductSales, filled there or through a public link.

const formTokens = (secret: string) => signedIdTokens(secret, 'fieldport lead form');
export const leadFormToken = (secret: string, formId: string) => formTokens(secret).tokenOf(formId);
export const formIdOfToken = (secret: string, token: string) => formTokens(secret).idOf(token);

const defaultOwner = alias(member, 'lead_form_owner');
const defaultOwnerUser = alias(user, 'lead_form_owner_user');

/** The forms' items need the server's secret for their links: the list runs per request. */
function formsList(secret: string | null) {
  return defineList(ListLeadForms, {
    table: leadForm,
    select: {
      row: leadForm,
      default_owner_name: defaultOwnerUser.name,
      lead_count: sql<number>`(select count(*)::int from lead l where l.form_id = ${leadForm.id})`,
    },
    join: (query) =>
      query
        .leftJoin(defaultOwner, eq(defaultOwner.id, leadForm.default_owner_member_id))
        .leftJoin(defaultOwnerUser, eq(defaultOwnerUser.id, defaultOwner.userId)),
    search: [leadForm.name],
    sort: { form_name: sql`lower(${leadForm.name})`, form_created_on: leadForm.created_at },
    toItem: (selected): LeadFormItem => {
      const { row } = selected;
      return {
        form_id: row.id,
        form_name: row.name,
        description: row.description,
        fields: row.fields,
        default_owner_id: row.default_owner_member_id,
        default_owner_name: selected.default_owner_name,
        is_public: row.is_public,
        public_path:
          secret && row.is_public && row.status === 'ACTIVE'
            ? leadFormPath(leadFormToken(secret, row.id))
            : null,
        form_status: row.status,
        lead_count: Number(selected.lead_count),
        form_created_on: row.created_at.toISOString(),
      };
    },
  });
}

/** The secret the links are signed with; none where forms are made without a server (the demo's seed). */
const secretOf = (context: OperationContext) => (context.identity ? serverSecret(context.identity) : null);

export const listLeadForms = defineHandler(ListLeadForms, async (input, context) => ({
  data: await formsList(secretOf(context)).list.page(context.db, context.caller, input),
}));

async function formItem(context: OperationContext, id: string): Promise<LeadFormItem> {
  const item = await formsList(secretOf(context)).list.findById(context.db, context.caller, id);
  if (!item) throw new Error(`Lead form ${id} vanished in its own transaction`);
  return item;
}

/** Who may own leads: the organization's active owners, admins and sales managers (LEAD_OWNER_ROLES). */
const ownerCandidates = (caller: Caller) =>
  and(
    membersOf(caller),
    eq(member.status, 'ACTIVE'),
    isNull(member.party_id),
    inArray(member.role, [...LEAD_OWNER_ROLES]),
  );

/**
 * An owner must be one of the organization's active owners, admins or sales managers: leads are
 * the organization's sales. `field` names the input's field in the refusal.
 */
export async function checkOwner(db: Db, caller: Caller, ownerId: string | null, field: string) {
  if (!ownerId) return;
  const [found] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(ownerCandidates(caller), eq(member.id, ownerId)));
  if (!found) throw badInput(LEAD_MESSAGES.ownerNotFound, field);
}

/** A form's name is unique in the organization (its index, ignoring case) is the check. */
const nameTaken = (name: string) => () =>
  conflict(`A form named '${name}' already exists. Choose another name.`, 'form_name');

export const createLeadForm = defineHandler(CreateLeadForm, async (input, context) => {
  const { db, caller } = context;
  await checkOwner(db, caller, input.default_owner_id, 'default_owner_id');
  const id = newId();
  await refusingDuplicates(
    () =>
      db.insert(leadForm).values({
        id,
        organization_id: caller.organization.id,
        name: input.form_name,
        description: input.description,
        fields: input.fields,
        default_owner_member_id: input.default_owner_id,
        is_public: input.is_public,
        created_by: caller.user.id,
      }),
    nameTaken(input.form_name),
  );
  context.auditTarget = id;
  return {
    data: { items: [await formItem(context, id)] },
    message: LEAD_MESSAGES.formSaved(input.form_name),
  };
});

export const updateLeadForm = defineHandler(UpdateLeadForm, async (input, context) => {
  const { db, caller } = context;
  const [row] = await db
    .select()
    .from(leadForm)
    .where(and(inOrganization(leadForm, caller), eq(leadForm.id, input.form_id)))
    .for('update');
  if (!row) throw notFound(LEAD_MESSAGES.formNotFound);
  await checkOwner(db, caller, input.default_owner_id, 'default_owner_id');
  await refusingDuplicates(
    () =>
      db
        .update(leadForm)
        .set({
          name: input.form_name,
          description: input.description,
          fields: input.fields,
          default_owner_member_id: input.default_owner_id,
          is_public: input.is_public,
          status: input.form_status,
          updated_at: new Date(),
        })
        .where(eq(leadForm.id, row.id)),
    nameTaken(input.form_name),
  );
  context.auditTarget = row.id;
  return {
    data: { items: [await formItem(context, row.id)] },
    message: LEAD_MESSAGES.formSaved(input.form_name),
  };
});

export const listLeadOwnerChoices = defineHandler(ListLeadOwnerChoices, async (_input, { db, caller }) => {
  const items = await db
    .select({ owner_id: member.id, name: user.name, role: member.role })
    .from(member)
    .innerJoin(user, userOfMember())
    .where(ownerCandidates(caller))
    .orderBy(sql`lower(${user.name})`, member.id);
  return { data: { items } };
});

export const leadFormHandlers = [listLeadForms, createLeadForm, updateLeadForm, listLeadOwnerChoices];

import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ListWorkflowApproverChoices,
  ListWorkflowSettings,
  PreviewWorkflowSettings,
  SaveWorkflowSettings,
  WORKFLOW_APPROVER_ROLES,
  WORKFLOW_KINDS,
  type WorkflowKind,
  type WorkflowLevelInput,
  type WorkflowSettingsItem,
} from '@fieldport/contract/operations/approvals';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { workflow, workflowLevel } from '../../db/schema/approvals.ts';
import { member, user } from '../../db/schema/identity.ts';
import { designation } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { containsPattern } from '../../platform/lists.ts';
import { requireActiveReferences } from '../../platform/references.ts';
import { inOrganization, userOfMember } from '../../platform/tenant.ts';
import {
  approverNames,
  fallbackApprovers,
  loadApproverRights,
  previewLevel,
  type ApproverRights,
} from '../../platform/workflow-approvers.ts';

/**
 * Workflow Settings (docs/approvals.md#workflow-settings): each kind's levels, read with a preview
 * of who approves each level now, previewed while edited, and replaced whole. A request raised
 * before a change keeps the levels it was raised under.
 */

interface StoredWorkflow {
  levels: WorkflowLevelInput[];
  updated_on: string | null;
  updated_by_name: string | null;
}

/** The kinds' saved levels (no entry: never saved). */
async function storedWorkflows(db: Db, caller: Caller, kinds: WorkflowKind[]) {
  const rows = await db
    .select({
      id: workflow.id,
      kind: workflow.kind,
      updated_at: workflow.updated_at,
      updated_by_name: user.name,
    })
    .from(workflow)
    .leftJoin(user, eq(user.id, workflow.updated_by))
    .where(and(inOrganization(workflow, caller), inArray(workflow.kind, kinds)));
  const levels = rows.length
    ? await db
        .select()
        .from(workflowLevel)
        .where(
          and(
            inOrganization(workflowLevel, caller),
            inArray(
              workflowLevel.workflow_id,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(workflowLevel.position))
    : [];
  const byKind = new Map<WorkflowKind, StoredWorkflow>();
  for (const row of rows) {
    byKind.set(row.kind, {
      levels: levels
        .filter((level) => level.workflow_id === row.id)
        .map(({ rule, designation_ids, user_ids, roles }) => ({ rule, designation_ids, user_ids, roles })),
      updated_on: row.updated_at.toISOString(),
      updated_by_name: row.updated_by_name ?? null,
    });
  }
  return byKind;
}

/** A kind's levels with the names they refer to and who each resolves to now. */
async function settingsItem(
  db: Db,
  caller: Caller,
  rights: ApproverRights,
  kind: WorkflowKind,
  stored: StoredWorkflow | undefined,
): Promise<WorkflowSettingsItem> {
  const levels = stored?.levels ?? [];
  const approversOf = await approverNames(db, caller, levels);
  return {
    kind,
    levels: await Promise.all(
      levels.map(async (level, index) => ({
        level: index + 1,
        rule: level.rule,
        designation_ids: level.designation_ids,
        user_ids: level.user_ids,
        ...approversOf(level),
        preview: await previewLevel(db, caller, rights, kind, level),
      })),
    ),
    default_approvers: levels.length ? [] : await fallbackApprovers(db, caller),
    updated_on: stored?.updated_on ?? null,
    updated_by_name: stored?.updated_by_name ?? null,
  };
}

async function settingsItems(db: Db, caller: Caller, kinds: WorkflowKind[]) {
  const rights = await loadApproverRights(db, caller);
  const stored = await storedWorkflows(db, caller, kinds);
  const items: WorkflowSettingsItem[] = [];
  // One kind after another: a transaction's queries run one at a time anyway.
  for (const kind of kinds) items.push(await settingsItem(db, caller, rights, kind, stored.get(kind)));
  return items;
}

/**
 * The people and designations a level names must be the organization's own, active staff who may
 * approve (docs/approvals.md#who-approves); those already saved may stay when they became inactive,
 * so that a workflow stays editable (they are left out when a request resolves the level).
 */
async function checkLevels(
  db: Db,
  caller: Caller,
  levels: WorkflowLevelInput[],
  before: WorkflowLevelInput[],
) {
  const savedDesignations = before.flatMap((level) => level.designation_ids);
  const savedUsers = new Set(before.flatMap((level) => level.user_ids));
  for (const [index, level] of levels.entries()) {
    await requireActiveReferences(db, caller, designation, {
      ids: level.designation_ids,
      previousIds: savedDesignations,
      field: `levels.${index}.designation_ids`,
      noun: 'designation',
    });
    if (level.user_ids.length === 0) continue;
    const field = `levels.${index}.user_ids`;
    const people = await db
      .select({
        user_id: member.userId,
        name: user.name,
        role: member.role,
        status: member.status,
        party_id: member.party_id,
      })
      .from(member)
      .innerJoin(user, userOfMember())
      .where(and(eq(member.organizationId, caller.organization.id), inArray(member.userId, level.user_ids)));
    if (people.length !== level.user_ids.length) {
      throw badInput(
        `A user of level ${index + 1} is not a member of the organization. Choose from the list.`,
        field,
      );
    }
    for (const person of people) {
      if (person.party_id) {
        throw badInput(
          `${person.name} works for a service partner or dealer: their users do not approve. Choose a member of your own staff.`,
          field,
        );
      }
      if (!WORKFLOW_APPROVER_ROLES.includes(person.role as Role)) {
        throw badInput(
          `${person.name} is a ${roleLabel(person.role as Role)}: only the owner, admins and staff with a designation approve.`,
          field,
        );
      }
      if (person.status !== 'ACTIVE' && !savedUsers.has(person.user_id)) {
        throw badInput(
          `${person.name} is not an active member. Activate them first or leave them out.`,
          field,
        );
      }
    }
  }
}

export const listWorkflowSettings = defineHandler(ListWorkflowSettings, async (input, { db, caller }) => ({
  data: { items: await settingsItems(db, caller, input.kind ? [input.kind] : [...WORKFLOW_KINDS]) },
}));

export const previewWorkflowSettings = defineHandler(
  PreviewWorkflowSettings,
  async (input, { db, caller }) => {
    const before = (await storedWorkflows(db, caller, [input.kind])).get(input.kind);
    await checkLevels(db, caller, input.levels, before?.levels ?? []);
    const rights = await loadApproverRights(db, caller);
    return {
      data: {
        items: [
          await settingsItem(db, caller, rights, input.kind, {
            levels: input.levels,
            updated_on: before?.updated_on ?? null,
            updated_by_name: before?.updated_by_name ?? null,
          }),
        ],
      },
    };
  },
);

/** Replaces a kind's levels; none leaves the kind to the owner or an admin. */
export const saveWorkflowSettings = defineHandler(SaveWorkflowSettings, async (input, context) => {
  const { db, caller } = context;
  const now = new Date();
  // The workflow's row, locked by the upsert until the levels are replaced: two saves of one kind
  // at once are applied one after the other.
  const [saved] = await db
    .insert(workflow)
    .values({
      id: newId(),
      organization_id: caller.organization.id,
      kind: input.kind,
      updated_by: caller.user.id,
      updated_at: now,
    })
    .onConflictDoUpdate({
      target: [workflow.organization_id, workflow.kind],
      set: { updated_by: caller.user.id, updated_at: now },
    })
    .returning({ id: workflow.id });
  const before = await db
    .select()
    .from(workflowLevel)
    .where(and(inOrganization(workflowLevel, caller), eq(workflowLevel.workflow_id, saved.id)))
    .orderBy(asc(workflowLevel.position));
  const beforeLevels = before.map(({ rule, designation_ids, user_ids, roles }) => ({
    rule,
    designation_ids,
    user_ids,
    roles,
  }));
  await checkLevels(db, caller, input.levels, beforeLevels);
  await db
    .delete(workflowLevel)
    .where(and(inOrganization(workflowLevel, caller), eq(workflowLevel.workflow_id, saved.id)));
  if (input.levels.length) {
    await db.insert(workflowLevel).values(
      input.levels.map((level, index) => ({
        organization_id: caller.organization.id,
        workflow_id: saved.id,
        position: index + 1,
        ...level,
      })),
    );
  }
  context.auditTarget = input.kind;
  context.auditChanges = { kind: input.kind, before: beforeLevels, after: input.levels };
  const [item] = await settingsItems(db, caller, [input.kind]);
  const levels = input.levels.length;
  return {
    data: { items: [item] },
    message: levels
      ? `Workflow saved: ${levels} level${levels === 1 ? '' : 's'}`
      : 'Workflow removed: the owner or an admin approves',
  };
});

const CHOICES_LIMIT = 20;

/** What a level may name: active designations, the active staff who may approve (searched), roles. */
export const listWorkflowApproverChoices = defineHandler(
  ListWorkflowApproverChoices,
  async (input, { db, caller }) => {
    const designations = await db
      .select({ designation_id: designation.id, designation_name: designation.name })
      .from(designation)
      .where(and(inOrganization(designation, caller), eq(designation.status, 'ACTIVE')))
      .orderBy(sql`lower(${designation.name})`, asc(designation.id));
    const pattern = input.search ? containsPattern(input.search) : null;
    const users = await db
      .select({
        user_id: user.id,
        user_name: user.name,
        user_type: member.role,
        designation_name: designation.name,
      })
      .from(member)
      .innerJoin(user, userOfMember())
      .leftJoin(
        designation,
        and(
          eq(designation.id, member.designation_id),
          eq(designation.organization_id, member.organizationId),
        ),
      )
      .where(
        and(
          eq(member.organizationId, caller.organization.id),
          eq(member.status, 'ACTIVE'),
          isNull(member.party_id),
          inArray(member.role, [...WORKFLOW_APPROVER_ROLES]),
          pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
        ),
      )
      .orderBy(sql`lower(${user.name})`, asc(user.id))
      .limit(CHOICES_LIMIT);
    return {
      data: {
        designations,
        users: users.map((row) => ({ ...row, user_type: row.user_type as Role })),
        roles: [...WORKFLOW_APPROVER_ROLES],
      },
    };
  },
);

import type { WorkflowKind, WorkflowLevelInput } from '@fieldport/contract/operations/approvals';
import type { Db } from '../client.ts';
import { newId } from '../ids.ts';
import { workflow, workflowLevel } from '../schema/approvals.ts';

// Workflows made the way Workflow Settings saves them (docs/approvals.md); shared by the demo
// seed and the tests.

type SeedLevel = Pick<WorkflowLevelInput, 'rule'> & Partial<Omit<WorkflowLevelInput, 'rule'>>;

/** A kind's workflow with its levels in order (level 1 first). */
export async function seedWorkflow(
  db: Db,
  values: { organization_id: string; kind: WorkflowKind; levels: SeedLevel[]; updated_by?: string },
) {
  const [row] = await db
    .insert(workflow)
    .values({
      id: newId(),
      organization_id: values.organization_id,
      kind: values.kind,
      updated_by: values.updated_by ?? null,
    })
    .returning();
  if (values.levels.length) {
    await db.insert(workflowLevel).values(
      values.levels.map((level, index) => ({
        organization_id: values.organization_id,
        workflow_id: row.id,
        position: index + 1,
        rule: level.rule,
        designation_ids: level.designation_ids ?? [],
        user_ids: level.user_ids ?? [],
        roles: level.roles ?? [],
      })),
    );
  }
  return row;
}

/**
 * The demo's approvals: new fleet items are approved first by a service manager (the
 * designation), then by the owner or an admin. Fleet items do not exist yet, so no request waits.
 */
export async function seedDemoWorkflows(
  db: Db,
  values: { organization_id: string; serviceManagerDesignationId: string; updated_by?: string },
) {
  return seedWorkflow(db, {
    organization_id: values.organization_id,
    kind: 'PRODUCT_FLEET',
    updated_by: values.updated_by,
    levels: [
      { rule: 'ANY', designation_ids: [values.serviceManagerDesignationId] },
      { rule: 'ANY', roles: ['OWNER', 'ADMIN'] },
    ],
  });
}

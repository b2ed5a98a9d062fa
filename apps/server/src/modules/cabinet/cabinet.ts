import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AddCabinetDocument,
  CABINET_MESSAGES,
  CreateCabinetFolder,
  DeleteCabinetDocument,
  DeleteCabinetFolder,
  GetCabinetSummary,
  ListCabinetDocuments,
  ListCabinetFolders,
  UpdateCabinetFolder,
  type CabinetDocument,
  type CabinetFolder,
  type CabinetParty,
} from '@fieldport/contract/operations/cabinet';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { cabinetDocument, cabinetFolder, cabinetFolderShare } from '../../db/schema/cabinet.ts';
import { organization, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { refusingDuplicates } from '../../platform/masters.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { arrivedUpload, attachFiles, detachFiles } from '../../platform/uploads.ts';

// The cabinet (docs/cabinet.md): the organization's staff keep folders of documents; a partner's or
// dealer's people read the folders shared with their party, and nothing else.

const folderCreator = alias(user, 'cabinet_folder_creator');

/** The folders the caller may read: all of the organization's for its staff, the shared ones for a party. */
function foldersOf(caller: Caller) {
  const own = inOrganization(cabinetFolder, caller);
  if (!caller.party) return own;
  const partyId = caller.party.id;
  return and(
    own,
    exists(
      sql`(select 1 from ${cabinetFolderShare} s where s.folder_id = ${cabinetFolder.id} and s.party_id = ${partyId})`,
    ),
  )!;
}

/** The caller may change the cabinet: its organization's staff (a party only reads what is shared). */
function refuseParty(caller: Caller) {
  if (caller.party) throw forbidden(CABINET_MESSAGES.readOnly);
}

/**
 * Whom a folder is shared with, as one JSON list per row: a party's people are told only of their
 * own party (another dealer's name is not theirs to know).
 */
const sharedWith = (caller: Caller) =>
  sql<CabinetParty[]>`(
    select coalesce(json_agg(json_build_object('party_id', p.id, 'name', p.name, 'kind', p.kind) order by p.name), '[]')
      from ${cabinetFolderShare} s join ${party} p on p.id = s.party_id
     where s.folder_id = ${cabinetFolder.id}
       ${caller.party ? sql`and p.id = ${caller.party.id}` : sql``})`;

const folderTotals = sql<{ count: number; bytes: number }>`(
  select json_build_object('count', count(*), 'bytes', coalesce(sum(d.file_size), 0))
    from ${cabinetDocument} d where d.folder_id = ${cabinetFolder.id})`;

const folders = defineList(ListCabinetFolders, {
  table: cabinetFolder,
  scope: foldersOf,
  select: (caller: Caller) => ({
    row: cabinetFolder,
    created_by_name: folderCreator.name,
    shared_with: sharedWith(caller),
    totals: folderTotals,
  }),
  join: (query) => query.leftJoin(folderCreator, eq(folderCreator.id, cabinetFolder.created_by)),
  search: [cabinetFolder.name],
  filters: (input) => [input.folder_id ? eq(cabinetFolder.id, input.folder_id) : undefined],
  sort: { name: sql`lower(${cabinetFolder.name})`, updated_on: cabinetFolder.updated_at },
  toItem: (selected): CabinetFolder => ({
    folder_id: selected.row.id,
    name: selected.row.name,
    description: selected.row.description,
    shared_with: selected.shared_with,
    document_count: Number(selected.totals.count),
    total_bytes: Number(selected.totals.bytes),
    created_by_name: selected.created_by_name,
    updated_on: selected.row.updated_at.toISOString(),
  }),
});

const documents = defineList(ListCabinetDocuments, {
  table: cabinetDocument,
  // A document is read through its folder: the folder's wall is the document's.
  scope: (caller) =>
    and(
      inOrganization(cabinetDocument, caller),
      exists(
        sql`(select 1 from ${cabinetFolder} where ${cabinetFolder.id} = ${cabinetDocument.folder_id} and ${foldersOf(caller)})`,
      ),
    )!,
  select: { row: cabinetDocument, folder_name: cabinetFolder.name, uploaded_by_name: user.name },
  join: (query) =>
    query
      .innerJoin(cabinetFolder, eq(cabinetFolder.id, cabinetDocument.folder_id))
      .leftJoin(user, eq(user.id, cabinetDocument.uploaded_by)),
  search: [cabinetDocument.file_name, cabinetDocument.description],
  sort: {
    uploaded_on: cabinetDocument.uploaded_at,
    file_name: sql`lower(${cabinetDocument.file_name})`,
    file_size: cabinetDocument.file_size,
  },
  filters: (input) => [input.folder_id ? eq(cabinetDocument.folder_id, input.folder_id) : undefined],
  toItem: (selected): CabinetDocument => ({
    document_id: selected.row.id,
    folder_id: selected.row.folder_id,
    folder_name: selected.folder_name,
    file_name: selected.row.file_name,
    file_type: selected.row.file_type,
    file_size: selected.row.file_size,
    s3_key: selected.row.file_key,
    description: selected.row.description,
    uploaded_by_name: selected.uploaded_by_name,
    uploaded_on: selected.row.uploaded_at.toISOString(),
  }),
});

export const listCabinetFolders = Object.assign(
  defineHandler(ListCabinetFolders, async (input, { db, caller }) => ({
    data: await folders.list.page(db, caller, input),
  })),
  { list: folders.list },
);

export const listCabinetDocuments = Object.assign(
  defineHandler(ListCabinetDocuments, async (input, { db, caller }) => ({
    data: await documents.list.page(db, caller, input),
  })),
  { list: documents.list },
);

// ---------------------------------------------------------------------------------------------
// The quota

/** The bytes of documents the organization's cabinet holds. */
export async function cabinetUsedBytes(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${cabinetDocument.file_size}), 0)` })
    .from(cabinetDocument)
    .where(eq(cabinetDocument.organization_id, organizationId));
  return Number(row.used);
}

/**
 * Refuses a file that would take the cabinet past its quota. With `lock`, the organization's row is
 * held until the transaction ends, so that two uploads at once cannot both fit in the last space.
 */
export async function checkCabinetQuota(
  db: Db,
  organizationId: string,
  size: number,
  options: { lock: boolean; field: string },
): Promise<void> {
  const query = db
    .select({ quota: organization.cabinet_quota_bytes })
    .from(organization)
    .where(eq(organization.id, organizationId));
  const [row] = options.lock ? await query.for('update') : await query;
  const used = await cabinetUsedBytes(db, organizationId);
  if (used + size > row.quota) {
    throw badInput(CABINET_MESSAGES.overQuota(used, row.quota, size), options.field);
  }
}

export const getCabinetSummary = defineHandler(GetCabinetSummary, async (_input, { db, caller }) => {
  const [row] = await db
    .select({ quota: organization.cabinet_quota_bytes })
    .from(organization)
    .where(eq(organization.id, caller.organization.id));
  const share_choices: CabinetParty[] = caller.party
    ? []
    : await db
        .select({ party_id: party.id, name: party.name, kind: party.kind })
        .from(party)
        .where(and(inOrganization(party, caller), eq(party.status, 'ACTIVE')))
        .orderBy(party.kind, sql`lower(${party.name})`);
  return {
    data: {
      used_bytes: await cabinetUsedBytes(db, caller.organization.id),
      quota_bytes: row.quota,
      may_manage: !caller.party,
      share_choices,
    },
  };
});

// ---------------------------------------------------------------------------------------------
// Folders

type FolderValues = ParsedInputOf<typeof CreateCabinetFolder>;

async function folderItem(db: Db, caller: Caller, id: string): Promise<CabinetFolder> {
  const item = await folders.list.findById(db, caller, id);
  if (!item) throw new Error(`Folder ${id} vanished in its own transaction`);
  return item;
}

async function lockFolder(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select()
    .from(cabinetFolder)
    .where(and(inOrganization(cabinetFolder, caller), eq(cabinetFolder.id, id)))
    .for('update');
  if (!row) throw notFound(CABINET_MESSAGES.folderNotFound);
  return row;
}

/** The folder is shared with exactly these parties, each one of the organization's. */
async function shareWith(db: Db, caller: Caller, folderId: string, partyIds: string[]) {
  if (partyIds.length > 0) {
    const found = await db
      .select({ id: party.id })
      .from(party)
      .where(and(inOrganization(party, caller), inArray(party.id, partyIds)));
    if (found.length !== partyIds.length) throw badInput(CABINET_MESSAGES.partyNotFound, 'party_ids');
  }
  await db.delete(cabinetFolderShare).where(eq(cabinetFolderShare.folder_id, folderId));
  if (partyIds.length > 0) {
    await db
      .insert(cabinetFolderShare)
      .values(partyIds.map((party_id) => ({ folder_id: folderId, party_id })));
  }
}

/** The folder's name is unique in the organization (its index, ignoring case) is the check. */
const nameTaken = (name: string) => () => conflict(CABINET_MESSAGES.folderNameTaken(name), 'name');

async function answerFolder(context: OperationContext, id: string, message: string) {
  context.auditTarget = id;
  return { data: { items: [await folderItem(context.db, context.caller, id)] }, message };
}

export const createCabinetFolder = defineHandler(CreateCabinetFolder, async (input, context) => {
  const { db, caller } = context;
  refuseParty(caller);
  const id = newId();
  await refusingDuplicates(
    () =>
      db.insert(cabinetFolder).values({
        id,
        organization_id: caller.organization.id,
        name: input.name,
        description: input.description,
        created_by: caller.user.id,
      }),
    nameTaken(input.name),
  );
  await shareWith(db, caller, id, input.party_ids);
  return answerFolder(context, id, CABINET_MESSAGES.folderCreated(input.name));
});

export const updateCabinetFolder = defineHandler(UpdateCabinetFolder, async (input, context) => {
  const { db, caller } = context;
  refuseParty(caller);
  const row = await lockFolder(db, caller, input.folder_id);
  const values: Omit<FolderValues, 'party_ids'> = { name: input.name, description: input.description };
  await refusingDuplicates(
    () =>
      db
        .update(cabinetFolder)
        .set({ ...values, updated_at: new Date() })
        .where(eq(cabinetFolder.id, row.id)),
    nameTaken(input.name),
  );
  await shareWith(db, caller, row.id, input.party_ids);
  return answerFolder(context, row.id, CABINET_MESSAGES.folderUpdated(input.name));
});

export const deleteCabinetFolder = defineHandler(DeleteCabinetFolder, async (input, context) => {
  const { db, caller } = context;
  refuseParty(caller);
  const row = await lockFolder(db, caller, input.folder_id);
  const item = await folderItem(db, caller, row.id);
  const held = await db
    .select({ id: cabinetDocument.id })
    .from(cabinetDocument)
    .where(eq(cabinetDocument.folder_id, row.id));
  // The files go with their documents: the clean-up removes what no record uses.
  for (const document of held) {
    await detachFiles(db, caller, { kind: 'CABINET_DOCUMENT', id: document.id }, []);
  }
  await db.delete(cabinetFolder).where(eq(cabinetFolder.id, row.id));
  context.auditTarget = row.id;
  return {
    data: { items: [item] },
    message: CABINET_MESSAGES.folderDeleted(row.name, held.length),
  };
});

// ---------------------------------------------------------------------------------------------
// Documents

async function documentItem(db: Db, caller: Caller, id: string): Promise<CabinetDocument> {
  const item = await documents.list.findById(db, caller, id);
  if (!item) throw new Error(`Document ${id} vanished in its own transaction`);
  return item;
}

export const addCabinetDocument = defineHandler(AddCabinetDocument, async (input, context) => {
  const { db, caller, files } = context;
  refuseParty(caller);
  const folder = await lockFolder(db, caller, input.folder_id);
  const upload = await arrivedUpload(db, files, caller, {
    key: input.s3_key,
    purpose: 'CABINET_DOCUMENT',
    field: 's3_key',
    fileName: input.file_name,
  });
  const [sameName] = await db
    .select({ id: cabinetDocument.id })
    .from(cabinetDocument)
    .where(
      and(
        eq(cabinetDocument.folder_id, folder.id),
        sql`lower(${cabinetDocument.file_name}) = lower(${input.file_name})`,
      ),
    );
  // Told before the quota is looked at; the index catches a document added meanwhile.
  const documentNameTaken = () => conflict(CABINET_MESSAGES.documentNameTaken(input.file_name), 'file_name');
  if (sameName) throw documentNameTaken();
  await checkCabinetQuota(db, caller.organization.id, upload.file_size, { lock: true, field: 's3_key' });
  const id = newId();
  await refusingDuplicates(
    () =>
      db.insert(cabinetDocument).values({
        id,
        organization_id: caller.organization.id,
        folder_id: folder.id,
        file_key: upload.key,
        file_name: input.file_name,
        file_type: upload.file_type,
        file_size: upload.file_size,
        description: input.description,
        uploaded_by: caller.user.id,
      }),
    documentNameTaken,
  );
  await attachFiles(db, caller, [upload.key], { kind: 'CABINET_DOCUMENT', id });
  await db.update(cabinetFolder).set({ updated_at: new Date() }).where(eq(cabinetFolder.id, folder.id));
  context.auditTarget = id;
  return {
    data: { items: [await documentItem(db, caller, id)] },
    message: CABINET_MESSAGES.documentAdded(input.file_name),
  };
});

export const deleteCabinetDocument = defineHandler(DeleteCabinetDocument, async (input, context) => {
  const { db, caller } = context;
  refuseParty(caller);
  const item = await documents.list.findById(db, caller, input.document_id);
  if (!item) throw notFound(CABINET_MESSAGES.documentNotFound);
  await lockFolder(db, caller, item.folder_id);
  await detachFiles(db, caller, { kind: 'CABINET_DOCUMENT', id: item.document_id }, []);
  await db.delete(cabinetDocument).where(eq(cabinetDocument.id, item.document_id));
  await db.update(cabinetFolder).set({ updated_at: new Date() }).where(eq(cabinetFolder.id, item.folder_id));
  context.auditTarget = item.document_id;
  return { data: { items: [item] }, message: CABINET_MESSAGES.documentDeleted(item.file_name) };
});

/** Whether the caller may read the cabinet document (a stored file's record): its folder's wall. */
export async function maySeeCabinetDocument(db: Db, caller: Caller, documentId: string): Promise<boolean> {
  return Boolean(await documents.list.findById(db, caller, documentId));
}

export const cabinetHandlers = [
  getCabinetSummary,
  listCabinetFolders,
  listCabinetDocuments,
  createCabinetFolder,
  updateCabinetFolder,
  deleteCabinetFolder,
  addCabinetDocument,
  deleteCabinetDocument,
];

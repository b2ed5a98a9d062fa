import { eq } from 'drizzle-orm';
import {
  AddCabinetDocument,
  CreateCabinetFolder,
  DeleteCabinetDocument,
  DeleteCabinetFolder,
  GetCabinetSummary,
  ListCabinetDocuments,
  ListCabinetFolders,
  UpdateCabinetFolder,
} from '@fieldport/contract/operations/cabinet';
import { newId } from '../../db/ids.ts';
import { cabinetDocument, cabinetFolder, cabinetFolderShare } from '../../db/schema/cabinet.ts';
import { storedFile } from '../../db/schema/files.ts';
import { unique } from '../../test/harness.ts';
import { SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';
import type { FixtureRegistry, FixtureWorld } from '../../test/tenant-fixture.ts';

// The cabinet of organization A for the walls of graphql/permission-matrix.test.ts: a folder shared
// with A's dealer (which B's owner and another dealer must not reach) holding one document.

export async function cabinetFolderOfA(world: FixtureWorld) {
  const folderId = newId();
  const documentId = newId();
  const name = unique('Folder ');
  const fileName = `${unique('price-list-').replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
  const key = `organizations/${world.a.org.id}/uploads/${newId()}/${fileName}`;
  await world.db.insert(cabinetFolder).values({ id: folderId, organization_id: world.a.org.id, name });
  await world.db.insert(cabinetFolderShare).values({ folder_id: folderId, party_id: world.a.dealer.id });
  await world.db.insert(cabinetDocument).values({
    id: documentId,
    organization_id: world.a.org.id,
    folder_id: folderId,
    file_key: key,
    file_name: fileName,
    file_type: 'application/pdf',
    file_size: 1200,
  });
  await world.db.insert(storedFile).values({
    id: newId(),
    organization_id: world.a.org.id,
    key,
    purpose: 'CABINET_DOCUMENT',
    file_name: fileName,
    file_type: 'application/pdf',
    file_size: 1200,
    record_kind: 'CABINET_DOCUMENT',
    record_id: documentId,
  });
  const state = async () => ({
    folders: await world.db.select().from(cabinetFolder).where(eq(cabinetFolder.id, folderId)),
    shares: await world.db
      .select()
      .from(cabinetFolderShare)
      .where(eq(cabinetFolderShare.folder_id, folderId)),
    documents: await world.db.select().from(cabinetDocument).where(eq(cabinetDocument.folder_id, folderId)),
  });
  return { folderId, documentId, name, fileName, key, state };
}

export const cabinetFixtures: FixtureRegistry = {
  [GetCabinetSummary.name]: { none: "Reads the caller's own organization's quota and parties" },
  [ListCabinetFolders.name]: {
    async arrange(world) {
      const folder = await cabinetFolderOfA(world);
      return {
        input: { search: folder.name },
        traces: [folder.folderId, folder.name],
        state: folder.state,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [ListCabinetDocuments.name]: {
    async arrange(world) {
      const folder = await cabinetFolderOfA(world);
      return {
        input: { folder_id: folder.folderId },
        traces: [folder.documentId, folder.fileName, folder.key],
        state: folder.state,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [CreateCabinetFolder.name]: {
    async arrange(world) {
      // Sharing a new folder with another organization's dealer is aiming at that dealer.
      return {
        input: { name: unique('Shared '), party_ids: [world.a.dealer.id] },
        traces: [world.a.dealer.id, world.a.dealer.name],
        state: () =>
          world.db.select().from(cabinetFolder).where(eq(cabinetFolder.organization_id, world.a.org.id)),
        owner: 'organization',
      };
    },
  },
  [UpdateCabinetFolder.name]: {
    async arrange(world) {
      const folder = await cabinetFolderOfA(world);
      return {
        input: { folder_id: folder.folderId, name: unique('Renamed '), party_ids: [] },
        traces: [folder.folderId, folder.name],
        state: folder.state,
        owner: 'organization',
      };
    },
  },
  [DeleteCabinetFolder.name]: {
    async arrange(world) {
      const folder = await cabinetFolderOfA(world);
      return {
        input: { folder_id: folder.folderId },
        traces: [folder.folderId, folder.name],
        state: folder.state,
        owner: 'organization',
      };
    },
  },
  [AddCabinetDocument.name]: {
    async arrange(world) {
      const folder = await cabinetFolderOfA(world);
      const cookie = await world.cookieOf(world.a.members.OWNER.email);
      const upload = await uploadFile(world.app, cookie, {
        name: 'circular.pdf',
        type: 'application/pdf',
        body: SAMPLE_FILES.pdf,
        purpose: 'CABINET_DOCUMENT',
      });
      return {
        input: { folder_id: folder.folderId, file_name: 'circular.pdf', s3_key: upload.s3_key },
        traces: [folder.folderId, folder.name, upload.s3_key],
        state: folder.state,
        owner: 'organization',
      };
    },
  },
  [DeleteCabinetDocument.name]: {
    async arrange(world) {
      const folder = await cabinetFolderOfA(world);
      return {
        input: { document_id: folder.documentId },
        traces: [folder.documentId, folder.fileName],
        state: folder.state,
        owner: 'organization',
      };
    },
  },
};

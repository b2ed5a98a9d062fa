import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
} from '@fieldport/contract/operations/cabinet';
import { GenerateS3Url, GetPresignedUrl } from '@fieldport/contract/operations/files';
import { storedFile } from '../../db/schema/files.ts';
import { organization } from '../../db/schema/identity.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { putFile, requestUpload, SAMPLE_FILES } from '../../test/uploads.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// The cabinet (docs/cabinet.md): folders shared with chosen partners and dealers, who read only
// those; documents through the file store; the organization's quota.

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);

/** Uploads a file as the owner and adds it to the folder; the document as listed. */
async function addDocument(folderId: string, name = `${unique('manual-')}.pdf`, body = SAMPLE_FILES.pdf) {
  const type = name.endsWith('.docx')
    ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    : 'application/pdf';
  const ticket = await requestUpload(app, await world.cookieOf('OWNER'), {
    name,
    type,
    size: body.length,
    purpose: 'CABINET_DOCUMENT',
  });
  const put = await putFile(app, ticket.upload_url, body, ticket.upload_headers);
  expect(put.statusCode).toBe(200);
  const added = await world.ok('OWNER', AddCabinetDocument, {
    folder_id: folderId,
    file_name: name,
    s3_key: ticket.s3_key,
    description: 'For the service team',
  });
  return added.items[0];
}

const newFolder = async (partyIds: string[], name = unique('Circulars ')) =>
  (await world.ok('OWNER', CreateCabinetFolder, { name, party_ids: partyIds })).items[0];

const folderNames = async (who: string) =>
  (await world.ok(who, ListCabinetFolders, { page_size: 100 })).items.map((folder) => folder.name);

describe('sharing walls', () => {
  it('a dealer reads the folders shared with it, and their documents; a partner not chosen sees neither', async () => {
    const shared = await newFolder([world.dealer.id]);
    const unshared = await newFolder([]);
    const document = await addDocument(shared.folder_id);
    const hidden = await addDocument(unshared.folder_id);

    const dealerFolders = await world.ok('DEALER_OWNER', ListCabinetFolders, { page_size: 100 });
    expect(dealerFolders.items.map((folder) => folder.name)).toContain(shared.name);
    expect(dealerFolders.items.map((folder) => folder.name)).not.toContain(unshared.name);
    // The dealer is told only of itself among those the folder is shared with.
    const seen = dealerFolders.items.find((folder) => folder.folder_id === shared.folder_id)!;
    expect(seen.shared_with).toEqual([
      { party_id: world.dealer.id, name: world.dealer.name, kind: 'DEALER' },
    ]);
    expect(seen.document_count).toBe(1);

    // Searching every folder finds only what is shared.
    const everything = await world.ok('DEALER_OWNER', ListCabinetDocuments, { page_size: 100 });
    expect(everything.items.map((item) => item.document_id)).toContain(document.document_id);
    expect(everything.items.map((item) => item.document_id)).not.toContain(hidden.document_id);
    const ofUnshared = await world.ok('DEALER_OWNER', ListCabinetDocuments, {
      folder_id: unshared.folder_id,
    });
    expect(ofUnshared.items).toEqual([]);

    // The dealer downloads the shared document; the unshared one is not found.
    const download = await world.ok('DEALER_OWNER', GetPresignedUrl, { s3_key: document.s3_key });
    const bytes = await app.app.inject({ method: 'GET', url: download.items[0].file_url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    const refused = await world.as('DEALER_OWNER', GetPresignedUrl, { s3_key: hidden.s3_key });
    expect(refused.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    // The partner was not chosen: nothing of either folder.
    expect(await folderNames('SERVICE_PARTNER')).not.toContain(shared.name);
    const partnerDownload = await world.as('SERVICE_PARTNER', GetPresignedUrl, { s3_key: document.s3_key });
    expect(partnerDownload.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const partnerDocuments = await world.ok('SERVICE_PARTNER', ListCabinetDocuments, {
      folder_id: shared.folder_id,
    });
    expect(partnerDocuments.items).toEqual([]);

    // Sharing it with the partner too opens it to the partner's people, and unsharing closes it to the dealer.
    await world.ok('OWNER', UpdateCabinetFolder, {
      folder_id: shared.folder_id,
      name: shared.name,
      party_ids: [world.partner.id],
    });
    expect(await folderNames('SERVICE_PARTNER')).toContain(shared.name);
    expect(await folderNames('PARTNER_AGENT')).toContain(shared.name);
    expect(await folderNames('DEALER_OWNER')).not.toContain(shared.name);
    const closed = await world.as('DEALER_OWNER', GetPresignedUrl, { s3_key: document.s3_key });
    expect(closed.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it("a party's people only read: every change is refused with the read-only message and nothing is written", async () => {
    const folder = await newFolder([world.dealer.id]);
    const document = await addDocument(folder.folder_id);
    const refusals = [
      await world.as('DEALER_OWNER', CreateCabinetFolder, { name: unique('Dealer folder '), party_ids: [] }),
      await world.as('DEALER_OWNER', UpdateCabinetFolder, {
        folder_id: folder.folder_id,
        name: 'Renamed by a dealer',
        party_ids: [],
      }),
      await world.as('DEALER_OWNER', DeleteCabinetFolder, { folder_id: folder.folder_id }),
      await world.as('DEALER_OWNER', DeleteCabinetDocument, { document_id: document.document_id }),
      await world.as('DEALER_OWNER', GenerateS3Url, {
        file_purpose: 'CABINET_DOCUMENT',
        file_name: 'mine.pdf',
        file_type: 'application/pdf',
        file_size: 100,
      }),
    ];
    for (const answer of refusals) {
      expect(answer.errors?.[0]).toMatchObject({
        message: CABINET_MESSAGES.readOnly,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    const after = await world.ok('OWNER', ListCabinetDocuments, { folder_id: folder.folder_id });
    expect(after.items.map((item) => item.file_name)).toEqual([document.file_name]);
    expect(await folderNames('OWNER')).toContain(folder.name);
  });

  it("the summary tells staff whom they can share with and the quota; a party gets no one's names", async () => {
    const staff = await world.ok('OWNER', GetCabinetSummary, {});
    expect(staff.may_manage).toBe(true);
    expect(staff.share_choices).toEqual(
      expect.arrayContaining([
        { party_id: world.dealer.id, name: world.dealer.name, kind: 'DEALER' },
        { party_id: world.partner.id, name: world.partner.name, kind: 'SERVICE_PARTNER' },
      ]),
    );
    const dealer = await world.ok('DEALER_OWNER', GetCabinetSummary, {});
    expect(dealer).toMatchObject({ may_manage: false, share_choices: [] });
  });
});

describe('folders and documents', () => {
  it('refuses a folder name already taken (any case) and a partner or dealer not of the organization', async () => {
    const folder = await newFolder([]);
    const taken = await world.as('OWNER', CreateCabinetFolder, {
      name: folder.name.toUpperCase(),
      party_ids: [],
    });
    expect(taken.errors?.[0]).toMatchObject({
      message: CABINET_MESSAGES.folderNameTaken(folder.name.toUpperCase()),
      extensions: { code: 'CONFLICT', field: 'name' },
    });
    const stranger = await world.as('OWNER', CreateCabinetFolder, {
      name: unique('Strangers '),
      party_ids: ['not-a-party-of-ours'],
    });
    expect(stranger.errors?.[0].extensions?.field).toBe('party_ids');
    const blank = await world.as('OWNER', CreateCabinetFolder, { name: '  ', party_ids: [] });
    expect(blank.errors?.[0]).toMatchObject({
      message: 'Folder name is required',
      extensions: { field: 'name' },
    });
  });

  it('keeps Word documents, refuses a file that is not what it claims and a second document of one name', async () => {
    const folder = await newFolder([]);
    const word = await addDocument(folder.folder_id, 'Service manual.docx', DOCX);
    expect(word).toMatchObject({
      file_name: 'Service manual.docx',
      file_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      file_size: DOCX.length,
      folder_name: folder.name,
      description: 'For the service team',
    });

    const fake = await requestUpload(app, await world.cookieOf('OWNER'), {
      name: 'fake.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: SAMPLE_FILES.pdf.length,
      purpose: 'CABINET_DOCUMENT',
    });
    const put = await putFile(app, fake.upload_url, SAMPLE_FILES.pdf, fake.upload_headers);
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('The file is not a valid Word document.');

    const again = await requestUpload(app, await world.cookieOf('OWNER'), {
      name: 'service manual.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: DOCX.length,
      purpose: 'CABINET_DOCUMENT',
    });
    await putFile(app, again.upload_url, DOCX, again.upload_headers);
    const twice = await world.as('OWNER', AddCabinetDocument, {
      folder_id: folder.folder_id,
      file_name: 'service manual.docx',
      s3_key: again.s3_key,
    });
    expect(twice.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'file_name' });
  });

  it('deleting a folder deletes its documents and lets their files go to the clean-up', async () => {
    const folder = await newFolder([world.dealer.id]);
    const first = await addDocument(folder.folder_id);
    await addDocument(folder.folder_id);
    const answer = await world.as('OWNER', DeleteCabinetFolder, { folder_id: folder.folder_id });
    expect(answer.envelope?.status_message).toBe(CABINET_MESSAGES.folderDeleted(folder.name, 2));
    expect(await folderNames('OWNER')).not.toContain(folder.name);
    const [file] = await app.database.db.select().from(storedFile).where(eq(storedFile.key, first.s3_key));
    expect(file.record_id).toBeNull();
    // The dealer it was shared with reads it no more.
    const gone = await world.as('DEALER_OWNER', GetPresignedUrl, { s3_key: first.s3_key });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('quota', () => {
  it('counts what the cabinet holds, and refuses a file past the quota before the upload and when adding', async () => {
    const db = app.database.db;
    const folder = await newFolder([]);
    const before = await world.ok('OWNER', GetCabinetSummary, {});
    const document = await addDocument(folder.folder_id);
    const after = await world.ok('OWNER', GetCabinetSummary, {});
    expect(after.used_bytes).toBe(before.used_bytes + document.file_size);

    // An upload signed while there was room, added once the room is gone.
    const late = await requestUpload(app, await world.cookieOf('OWNER'), {
      name: 'late.pdf',
      type: 'application/pdf',
      size: SAMPLE_FILES.pdf.length,
      purpose: 'CABINET_DOCUMENT',
    });
    await putFile(app, late.upload_url, SAMPLE_FILES.pdf, late.upload_headers);
    const quota = after.used_bytes + 10;
    await db
      .update(organization)
      .set({ cabinet_quota_bytes: quota })
      .where(eq(organization.id, world.org.id));
    try {
      const refusedUpload = await world.as('OWNER', GenerateS3Url, {
        file_purpose: 'CABINET_DOCUMENT',
        file_name: 'big.pdf',
        file_type: 'application/pdf',
        file_size: 2048,
      });
      expect(refusedUpload.errors?.[0]).toMatchObject({
        message: CABINET_MESSAGES.overQuota(after.used_bytes, quota, 2048),
        extensions: { field: 'file_size' },
      });
      const refusedAdd = await world.as('OWNER', AddCabinetDocument, {
        folder_id: folder.folder_id,
        file_name: 'late.pdf',
        s3_key: late.s3_key,
      });
      expect(refusedAdd.errors?.[0].message).toBe(
        CABINET_MESSAGES.overQuota(after.used_bytes, quota, SAMPLE_FILES.pdf.length),
      );
      expect((await world.ok('OWNER', GetCabinetSummary, {})).used_bytes).toBe(after.used_bytes);

      // Deleting a document makes room again.
      await world.ok('OWNER', DeleteCabinetDocument, { document_id: document.document_id });
      await world.ok('OWNER', AddCabinetDocument, {
        folder_id: folder.folder_id,
        file_name: 'late.pdf',
        s3_key: late.s3_key,
      });
    } finally {
      await db
        .update(organization)
        .set({ cabinet_quota_bytes: 2 * 1024 ** 3 })
        .where(eq(organization.id, world.org.id));
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { GenerateS3Url, GetPresignedUrl } from '@fieldport/contract/operations/files';
import { storedFile } from '../../db/schema/files.ts';
import { grant } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { putFile, requestUpload, SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';

// Files (docs/operations.md#files) on the local store, for real: signed uploads through PUT
// /files/..., presigned downloads, expired and forged signatures, size and type limits.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function owner(roles: Parameters<typeof seedTestOrganization>[1] = {}) {
  const seeded = await seedTestOrganization(app.database.db, { roles: ['OWNER'], ...roles });
  return { ...seeded, cookie: await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD) };
}

const uploadsOf = async (organizationId: string) =>
  (
    await app.database.db
      .select({ n: count() })
      .from(storedFile)
      .where(eq(storedFile.organization_id, organizationId))
  )[0].n;

describe('GenerateS3Url and the local store', () => {
  it('uploads through the signed address and reads back through the presigned one', async () => {
    const { cookie, org } = await owner();
    const ticket = await requestUpload(app, cookie, {
      name: 'Split AC manual.pdf',
      type: 'application/pdf',
      size: SAMPLE_FILES.pdf.length,
    });
    expect(ticket).toMatchObject({
      upload_method: 'PUT',
      upload_headers: { 'content-type': 'application/pdf' },
      file_name: 'Split AC manual.pdf',
      file_type: 'application/pdf',
      file_size: SAMPLE_FILES.pdf.length,
    });
    expect(ticket.s3_key).toMatch(
      new RegExp(`^organizations/${org.id}/uploads/[0-9a-f-]+/Split-AC-manual\\.pdf$`),
    );
    expect(new Date(ticket.expires_at).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    // Before the upload there is nothing to read.
    expect((await app.app.inject({ method: 'GET', url: ticket.file_url })).statusCode).toBe(404);
    const put = await putFile(app, ticket.upload_url, SAMPLE_FILES.pdf, ticket.upload_headers);
    expect(put.statusCode).toBe(200);

    const read = await app.app.inject({ method: 'GET', url: ticket.file_url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

    const presigned = await call(app, cookie, GetPresignedUrl, { s3_key: ticket.s3_key });
    expect(presigned.envelope!.data.items[0]).toMatchObject({
      s3_key: ticket.s3_key,
      file_name: 'Split AC manual.pdf',
      file_type: 'application/pdf',
      file_size: SAMPLE_FILES.pdf.length,
    });
    const again = await app.app.inject({ method: 'GET', url: presigned.envelope!.data.items[0].file_url });
    expect(again.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
  });

  it('refuses files over the limit, of other types, or misnamed, with the field, and records nothing', async () => {
    const { cookie, org } = await owner();
    const ask = (input: Record<string, unknown>) =>
      call(app, cookie, GenerateS3Url, {
        file_purpose: 'SERVICE_FILE',
        file_name: 'photo.png',
        file_type: 'image/png',
        file_size: 2048,
        ...input,
      });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ file_size: 10 * 1024 * 1024 + 1 }, 'file_size', 'A file may be at most 10 MB; this one is 10 MB'],
      [{ file_size: 25 * 1024 * 1024 }, 'file_size', 'A file may be at most 10 MB; this one is 25 MB'],
      [{ file_size: 0 }, 'file_size', 'The file is empty'],
      [{ file_size: 1.5 }, 'file_size', 'File size must be a whole number of bytes'],
      [
        { file_type: 'text/html', file_name: 'page.html' },
        'file_type',
        'Only images (PNG, JPEG, WebP) and PDF documents can be attached',
      ],
      [
        { file_type: 'image/svg+xml', file_name: 'logo.svg' },
        'file_type',
        'Only images (PNG, JPEG, WebP) and PDF documents can be attached',
      ],
      [{ file_name: 'photo.exe' }, 'file_name', "A PNG file's name must end in .png"],
      [{ file_name: '../../etc/passwd.png' }, 'file_name', 'File name may not contain / or \\'],
      [{ file_name: 'noextension' }, 'file_name', 'File name needs an extension such as .pdf or .jpg'],
      [{ file_purpose: 'AVATAR' }, 'file_purpose', 'file_purpose must be one of SERVICE_FILE'],
    ];
    for (const [input, field, message] of cases) {
      const answer = await ask(input);
      expect(answer.errors?.[0], JSON.stringify(input)).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field },
      });
      expect(answer.errors?.[0].message).toContain(message);
    }
    expect(await uploadsOf(org.id)).toBe(0);
    // The limit itself is allowed.
    expect((await ask({ file_size: 10 * 1024 * 1024 })).errors).toBeUndefined();
    expect(await uploadsOf(org.id)).toBe(1);
  });

  it('takes exactly the declared bytes: other sizes, types and contents are refused, nothing kept', async () => {
    const { cookie } = await owner();
    const ticket = await requestUpload(app, cookie, {
      name: 'warranty.pdf',
      type: 'application/pdf',
      size: SAMPLE_FILES.pdf.length,
    });
    const longer = Buffer.concat([SAMPLE_FILES.pdf, Buffer.from('extra')]);
    const tooLong = await putFile(app, ticket.upload_url, longer, ticket.upload_headers);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      `The file must be exactly ${SAMPLE_FILES.pdf.length} bytes, as declared; ${longer.length} were sent.`,
    );
    const wrongType = await putFile(app, ticket.upload_url, SAMPLE_FILES.pdf, {
      'content-type': 'text/html',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe(
      'The file must be sent as application/pdf, as declared, not text/html.',
    );
    const html = Buffer.alloc(SAMPLE_FILES.pdf.length, '<');
    const notPdf = await putFile(app, ticket.upload_url, html, ticket.upload_headers);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The file is not a valid PDF document.');
    // A refused upload's connection is not kept for another request (a proxy would reuse it).
    for (const refused of [tooLong, wrongType, notPdf]) expect(refused.headers.connection).toBe('close');
    expect((await app.app.inject({ method: 'GET', url: ticket.file_url })).statusCode).toBe(404);

    expect((await putFile(app, ticket.upload_url, SAMPLE_FILES.pdf, ticket.upload_headers)).statusCode).toBe(
      200,
    );
    // A stored file is never replaced through its address.
    const twice = await putFile(app, ticket.upload_url, SAMPLE_FILES.pdf, ticket.upload_headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This file has already been uploaded.');
    expect(twice.headers.connection).toBe('close');
  });

  it('refuses forged and expired upload and download addresses', async () => {
    const { cookie } = await owner();
    const ticket = await requestUpload(app, cookie, {
      name: 'pic.png',
      type: 'image/png',
      size: SAMPLE_FILES.png.length,
    });
    const url = new URL(ticket.upload_url, 'http://portal.local');
    const tampered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    const forgedUploads = [
      tampered('size', String(SAMPLE_FILES.png.length + 1000)),
      tampered('type', 'application/pdf'),
      tampered('expires', String(Number(url.searchParams.get('expires')) + 3600)),
      tampered('signature', 'A'.repeat(43)),
      `${url.pathname.replace('pic.png', 'other.png')}${url.search}`,
    ];
    for (const forged of forgedUploads) {
      const answer = await putFile(app, forged, SAMPLE_FILES.png, ticket.upload_headers);
      expect(answer.statusCode, forged).toBe(403);
      expect(answer.json().message).toBe(
        'This upload address is not valid or has expired. Ask for a new one.',
      );
    }
    const expired = await app.files.uploadUrl(
      ticket.s3_key,
      { contentType: 'image/png', size: SAMPLE_FILES.png.length },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    expect((await putFile(app, expired.url, SAMPLE_FILES.png, expired.headers)).statusCode).toBe(403);

    expect((await putFile(app, ticket.upload_url, SAMPLE_FILES.png, ticket.upload_headers)).statusCode).toBe(
      200,
    );
    const download = new URL(ticket.file_url, 'http://portal.local');
    const forgedDownload = new URL(download);
    forgedDownload.searchParams.set('expires', String(Number(download.searchParams.get('expires')) + 86400));
    const refused = await app.app.inject({
      method: 'GET',
      url: `${forgedDownload.pathname}${forgedDownload.search}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This file address is not valid or has expired.');
    // An address handed out two days ago has expired.
    const old = await app.files.downloadUrl(ticket.s3_key, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000));
    expect((await app.app.inject({ method: 'GET', url: old })).statusCode).toBe(403);
    expect((await app.app.inject({ method: 'GET', url: `${download.pathname}` })).statusCode).toBe(403);
  });

  it("never gives another organization's or a party's user an address of a file", async () => {
    const mine = await owner({ roles: ['OWNER', 'DEALER_OWNER', 'SERVICE_PARTNER'] });
    const theirs = await owner();
    const ticket = await uploadFile(app, mine.cookie, {
      name: 'manual.pdf',
      type: 'application/pdf',
      body: SAMPLE_FILES.pdf,
    });

    const foreign = await call(app, theirs.cookie, GetPresignedUrl, { s3_key: ticket.s3_key });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'File not found. It may have been removed; refresh the page and try again.',
      extensions: { code: 'NOT_FOUND' },
    });
    // A dealer's and a partner's menus have no Product Catalogue: a service's file is not theirs to read.
    for (const role of ['DEALER_OWNER', 'SERVICE_PARTNER'] as const) {
      const cookie = await signIn(app, mine.members[role].email, TEST_PASSWORD);
      expect(
        (await call(app, cookie, GetPresignedUrl, { s3_key: ticket.s3_key })).errors?.[0].extensions?.code,
      ).toBe('NOT_FOUND');
      const upload = await call(app, cookie, GenerateS3Url, {
        file_purpose: 'SERVICE_FILE',
        file_name: 'x.pdf',
        file_type: 'application/pdf',
        file_size: 10,
      });
      expect(upload.errors?.[0]).toMatchObject({
        message: MSG.forbiddenModule,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect(
      (await call(app, theirs.cookie, GetPresignedUrl, { s3_key: 'organizations/x/uploads/y/z.pdf' }))
        .errors?.[0].extensions?.code,
    ).toBe('NOT_FOUND');
  });

  it('lets a designation upload service files only with CREATE or EDIT on the Product Catalogue', async () => {
    const db = app.database.db;
    const viewOnly = await seedTestOrganization(db, {
      roles: ['MANAGER'],
      accessControl: true,
      designationModules: [
        {
          module_name: 'Masters',
          module_rights: [{ VIEW: true }],
          sub_modules: [
            { module_name: 'Product Catalogue', module_rights: [{ VIEW: true }], sub_modules: [] },
          ],
        },
        grant('Dashboard'),
      ],
    });
    const editor = await seedTestOrganization(db, {
      roles: ['MANAGER'],
      accessControl: true,
      designationModules: [
        {
          module_name: 'Masters',
          module_rights: [{ VIEW: true }],
          sub_modules: [
            {
              module_name: 'Product Catalogue',
              module_rights: [{ VIEW: true, EDIT: true }],
              sub_modules: [],
            },
          ],
        },
      ],
    });
    const input = {
      file_purpose: 'SERVICE_FILE',
      file_name: 'a.png',
      file_type: 'image/png',
      file_size: 100,
    };
    const viewer = await signIn(app, viewOnly.members.MANAGER.email, TEST_PASSWORD);
    expect((await call(app, viewer, GenerateS3Url, input)).errors?.[0]).toMatchObject({
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await uploadsOf(viewOnly.org.id)).toBe(0);
    const edits = await signIn(app, editor.members.MANAGER.email, TEST_PASSWORD);
    expect((await call(app, edits, GenerateS3Url, input)).errors).toBeUndefined();
  });
});

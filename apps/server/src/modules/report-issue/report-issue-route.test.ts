import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import {
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_TOTAL_MAX_BYTES,
  REPORTS_PER_MEMBER_PER_HOUR,
  type ReportIssueInput,
} from '@fieldport/contract/report-issue';
import { storedFile } from '../../db/schema/files.ts';
import { organization } from '../../db/schema/identity.ts';
import { auditLog, issueReport, issueReportAttachment } from '../../db/schema/platform.ts';
import { signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A real 1x1 PNG image. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The start of a JPEG file (SOI and APP0 markers) with some payload. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF payload')]);

async function report(cookie: string, payload: unknown, target: TestApp = app) {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/report-issue',
    headers: {
      'content-type': 'application/json',
      origin: target.config.publicUrl,
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function signedIn(role: 'OWNER' | 'AGENT' = 'OWNER') {
  const { members, org } = await seedTestOrganization(app.database.db, { roles: [role] });
  const person = members[role];
  return { person, org, cookie: await signIn(app, person.email, TEST_PASSWORD) };
}

async function reportsOf(userId: string) {
  return app.database.db.select().from(issueReport).where(eq(issueReport.user_id, userId));
}

/** The report folders on disk, to show that a refused report left no file behind. */
async function storedReportFolders(): Promise<string[]> {
  return fs.readdir(path.join(app.config.dataDir, 'files', 'issue-reports')).catch(() => []);
}

describe('POST /api/report-issue', () => {
  it('stores the report under the signed-in person, with its screenshot on disk', async () => {
    const { person, org, cookie } = await signedIn();
    const input: ReportIssueInput = {
      user_email_id: 'someone.else@test.local',
      project_key: 'FIELDPORT',
      issue_description: '  The ticket list does not load after switching organization.  ',
      page_url: '/ActiveTickets',
      attachments: [{ file_data: PNG_BASE64, content_type: 'image/png', file_extension: 'png' }],
    };
    const answer = await report(cookie, input);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('success');
    expect(answer.body.message).toMatch(/^Thank you\. Your issue was reported \(reference [0-9A-F]{8}\)\.$/);

    const [row] = await reportsOf(person.userId);
    expect(row).toMatchObject({
      organization_id: org.id,
      member_id: person.membershipId,
      user_email_id: person.email,
      project_key: 'FIELDPORT',
      issue_description: 'The ticket list does not load after switching organization.',
      page_url: '/ActiveTickets',
    });
    expect(answer.body.message).toContain(row.id.slice(-8).toUpperCase());

    const attachments = await app.database.db
      .select()
      .from(issueReportAttachment)
      .where(eq(issueReportAttachment.issue_report_id, row.id));
    expect(attachments).toHaveLength(1);
    const png = Buffer.from(PNG_BASE64, 'base64');
    expect(attachments[0]).toMatchObject({
      content_type: 'image/png',
      file_extension: 'png',
      file_size: png.length,
      storage_key: `issue-reports/${row.id}/1.png`,
    });
    const onDisk = await fs.readFile(path.join(app.config.dataDir, 'files', attachments[0].storage_key));
    expect(onDisk.equals(png)).toBe(true);

    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, person.userId), eq(auditLog.operation, 'ReportIssue')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ organization_id: org.id, target: row.id });
  });

  it('stores a report without attachments, and a JPEG one', async () => {
    const { person, cookie } = await signedIn('AGENT');
    expect((await report(cookie, { issue_description: 'No screenshot this time.' })).status).toBe(200);
    const jpeg = await report(cookie, {
      issue_description: 'With a photo.',
      attachments: [
        { file_data: JPEG.toString('base64'), content_type: 'image/jpeg', file_extension: 'jpg' },
      ],
    });
    expect(jpeg.status).toBe(200);
    const rows = await reportsOf(person.userId);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.project_key === 'FIELDPORT')).toBe(true);
  });

  it('accepts a description of exactly 1000 characters', async () => {
    const { person, cookie } = await signedIn();
    const answer = await report(cookie, { issue_description: 'd'.repeat(1000) });
    expect(answer.status).toBe(200);
    expect((await reportsOf(person.userId))[0].issue_description).toHaveLength(1000);
  });

  const invalid: { name: string; payload: unknown; message: string }[] = [
    { name: 'no description', payload: {}, message: 'Description is required' },
    { name: 'an empty description', payload: { issue_description: '' }, message: 'Description is required' },
    {
      name: 'a description of spaces',
      payload: { issue_description: '   ' },
      message: 'Description is required',
    },
    {
      name: 'a description of 1001 characters',
      payload: { issue_description: 'd'.repeat(1001) },
      message: MSG.descriptionTooLong,
    },
    {
      name: 'a GIF attachment',
      payload: {
        issue_description: 'GIF',
        attachments: [
          { file_data: 'R0lGODlhAQABAAAAACw=', content_type: 'image/gif', file_extension: 'gif' },
        ],
      },
      message: 'Attachments must be PNG or JPEG images',
    },
    {
      name: 'six attachments',
      payload: {
        issue_description: 'Many',
        attachments: Array.from({ length: 6 }, () => ({
          file_data: PNG_BASE64,
          content_type: 'image/png',
          file_extension: 'png',
        })),
      },
      message: 'At most 5 attachments',
    },
  ];

  it.each(invalid)('refuses $name with its message, and writes nothing', async ({ payload, message }) => {
    const { person, cookie } = await signedIn();
    const folders = await storedReportFolders();
    const answer = await report(cookie, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toBe(message);
    expect(await reportsOf(person.userId)).toHaveLength(0);
    expect(await storedReportFolders()).toEqual(folders);
  });

  it('names the description field when it is refused', async () => {
    const { cookie } = await signedIn();
    const answer = await report(cookie, { issue_description: 'x'.repeat(1500) });
    expect(answer.body).toEqual({ errorMessage: MSG.descriptionTooLong, field: 'issue_description' });
  });

  const badImages: { name: string; attachment: Record<string, string>; message: string }[] = [
    {
      name: 'JPEG data declared as PNG',
      attachment: { file_data: JPEG.toString('base64'), content_type: 'image/png', file_extension: 'png' },
      message: 'Attachment 1 is not a valid PNG image.',
    },
    {
      name: 'text declared as JPEG',
      attachment: {
        file_data: Buffer.from('<script>alert(1)</script>').toString('base64'),
        content_type: 'image/jpeg',
        file_extension: 'jpg',
      },
      message: 'Attachment 1 is not a valid JPEG image.',
    },
    {
      name: 'data that is not base64',
      attachment: { file_data: '!!!!', content_type: 'image/png', file_extension: 'png' },
      message: 'Attachment 1 is not a valid PNG image.',
    },
  ];

  it.each(badImages)('refuses $name, and writes nothing', async ({ attachment, message }) => {
    const { person, cookie } = await signedIn();
    const folders = await storedReportFolders();
    const answer = await report(cookie, { issue_description: 'Bad image', attachments: [attachment] });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toBe(message);
    expect(await reportsOf(person.userId)).toHaveLength(0);
    expect(await storedReportFolders()).toEqual(folders);
  });

  it('refuses an attachment larger than 5 MB, and writes nothing', async () => {
    const { person, cookie } = await signedIn();
    const folders = await storedReportFolders();
    const png = Buffer.from(PNG_BASE64, 'base64');
    const big = Buffer.concat([png, Buffer.alloc(REPORT_ATTACHMENT_MAX_BYTES + 1 - png.length)]);
    const answer = await report(cookie, {
      issue_description: 'Huge screenshot',
      attachments: [
        { file_data: PNG_BASE64, content_type: 'image/png', file_extension: 'png' },
        { file_data: big.toString('base64'), content_type: 'image/png', file_extension: 'png' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toBe('Attachment 2 is larger than 5 MB.');
    expect(await reportsOf(person.userId)).toHaveLength(0);
    expect(await storedReportFolders()).toEqual(folders);
  });

  it('refuses a caller who is not signed in', async () => {
    const answer = await report('', { issue_description: 'Anonymous report' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errorMessage: MSG.signInRequired });
  });

  it('refuses a caller whose temporary password is not changed yet, and writes nothing', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'OWNER',
      mustChangePassword: true,
    });
    const cookie = await signIn(app, person.email, TEST_PASSWORD);
    const answer = await report(cookie, { issue_description: 'Before changing my password' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ errorMessage: MSG.mustChangePassword });
    expect(await reportsOf(person.userId)).toHaveLength(0);
  });

  it('refuses a caller whose organization was suspended, and writes nothing', async () => {
    const { person, org, cookie } = await signedIn();
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, org.id));
    const answer = await report(cookie, { issue_description: 'Suspended' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ errorMessage: MSG.organizationSuspended });
    expect(await reportsOf(person.userId)).toHaveLength(0);
  });
});

describe('security finding 7: reports cannot fill the disk', () => {
  const png = Buffer.from(PNG_BASE64, 'base64');
  const imageOf = (bytes: number) =>
    Buffer.concat([png, Buffer.alloc(bytes - png.length)]).toString('base64');

  it(`takes ${REPORTS_PER_MEMBER_PER_HOUR} reports an hour from a member, refuses the next, and not another member's`, async () => {
    const { person, cookie } = await signedIn('AGENT');
    for (let i = 0; i < REPORTS_PER_MEMBER_PER_HOUR; i++) {
      expect((await report(cookie, { issue_description: `Report ${i + 1}` })).status).toBe(200);
    }
    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/report-issue',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl, cookie },
      payload: JSON.stringify({ issue_description: 'One too many' }),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().errorMessage).toMatch(
      new RegExp(
        `^You have sent ${REPORTS_PER_MEMBER_PER_HOUR} reports in the last hour\\. Please try again in \\d+ minutes\\.$`,
      ),
    );
    expect(await reportsOf(person.userId)).toHaveLength(REPORTS_PER_MEMBER_PER_HOUR);

    const other = await signedIn('AGENT');
    expect((await report(other.cookie, { issue_description: 'Mine is fine' })).status).toBe(200);
  });

  it('refuses attachments larger together than the cap, and writes nothing', async () => {
    const { person, cookie } = await signedIn();
    const folders = await storedReportFolders();
    const each = Math.floor(REPORT_TOTAL_MAX_BYTES / 2) + 1024;
    expect(each).toBeLessThan(REPORT_ATTACHMENT_MAX_BYTES);
    const answer = await report(cookie, {
      issue_description: 'Two big screenshots',
      attachments: [
        { file_data: imageOf(each), content_type: 'image/png', file_extension: 'png' },
        { file_data: imageOf(each), content_type: 'image/png', file_extension: 'png' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errorMessage: 'The attachments together are larger than 8 MB. Attach fewer or smaller images.',
      field: 'attachments',
    });
    expect(await reportsOf(person.userId)).toHaveLength(0);
    expect(await storedReportFolders()).toEqual(folders);
  });

  it('refuses a 40 MB request while it arrives', async () => {
    const { person, cookie } = await signedIn();
    const answer = await report(cookie, {
      issue_description: 'Huge',
      attachments: Array.from({ length: 5 }, () => ({
        file_data: imageOf(6 * 1024 * 1024),
        content_type: 'image/png',
        file_extension: 'png',
      })),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await reportsOf(person.userId)).toHaveLength(0);
  });

  it('leaves no row and no file when storing a screenshot fails', async () => {
    const broken = await startTestApp();
    try {
      // A file where the reports' folder should be: every screenshot write fails.
      await fs.mkdir(path.join(broken.config.dataDir, 'files'), { recursive: true });
      await fs.writeFile(path.join(broken.config.dataDir, 'files', 'issue-reports'), 'not a folder');
      const { members } = await seedTestOrganization(broken.database.db, { roles: ['OWNER'] });
      const cookie = await signIn(broken, members.OWNER.email, TEST_PASSWORD);
      const answer = await report(
        cookie,
        {
          issue_description: 'With a screenshot',
          attachments: [{ file_data: PNG_BASE64, content_type: 'image/png', file_extension: 'png' }],
        },
        broken,
      );
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
      const rows = await broken.database.db
        .select()
        .from(issueReport)
        .where(eq(issueReport.user_id, members.OWNER.userId));
      expect(rows).toHaveLength(0);
      const registered = await broken.database.db
        .select()
        .from(storedFile)
        .where(eq(storedFile.created_by, members.OWNER.userId));
      expect(registered).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

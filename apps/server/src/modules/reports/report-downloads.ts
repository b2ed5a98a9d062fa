import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { decideAccess } from '@fieldport/contract/permissions';
import type { ParsedListInput } from '@fieldport/contract/lists';
import {
  ListReportDownloads,
  REPORT_DOWNLOAD_KEEP_DAYS,
  REPORT_DOWNLOAD_KIND_LABELS,
  REPORT_DOWNLOAD_MESSAGES,
  REPORT_DOWNLOADS_PENDING_LIMIT,
  RequestReportDownload,
  type ReportDownloadItem,
  type ReportDownloadKind,
  type ReportDownloadParameters,
} from '@fieldport/contract/operations/report-downloads';
import type { TicketItem } from '@fieldport/contract/operations/tickets';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { member, organization, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { reportDownload } from '../../db/schema/reports.ts';
import { storedFile } from '../../db/schema/files.ts';
import { territory } from '../../db/schema/territories.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import type { Caller } from '../../platform/caller.ts';
import { writeXlsx } from '../../platform/excel.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import { defineHandler, type Handler } from '../../platform/handler.ts';
import { defineList, readAhead, type ExportColumn, type ListHandler } from '../../platform/lists.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { registerServerFile } from '../../platform/uploads.ts';
import { listClosedTickets, listOpenTickets } from '../tickets/list-tickets.ts';

/**
 * Download Reports (docs/reports.md#downloads): a request is a row of `report_download`, which is
 * also the queue the job `reports.downloads` works; the job reads the ticket list as the requester
 * would (their rights and walls when it runs), writes the workbook to a file on this machine as the
 * rows arrive (bounded memory), stores it and lists it with a signed address.
 */

export const REPORT_DOWNLOADS_JOB = 'reports.downloads';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' as const;
/** A RUNNING download whose process wrote no progress for this long died with it; it is redone. */
const STALE_AFTER_SECONDS = 120;
/** Rows read per query and written between two progress updates. */
const BATCH_ROWS = 1000;
const PROGRESS_EVERY_ROWS = 10_000;

const SOURCES: Record<ReportDownloadKind, { list: string; handler: ListHandler }> = {
  ACTIVE_TICKETS: { list: 'ACTIVE', handler: listOpenTickets as unknown as ListHandler },
  PARTIALLY_CLOSED_TICKETS: { list: 'PARTIALLY_CLOSED', handler: listOpenTickets as unknown as ListHandler },
  CLOSED_TICKETS: { list: 'CLOSED', handler: listClosedTickets as unknown as ListHandler },
  INACTIVE_TICKETS: { list: 'INACTIVE', handler: listClosedTickets as unknown as ListHandler },
};

const rupees = (paise: number) => paise / 100;
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '2026-11-01' as '1 Nov 2026' (a calendar day: no time zone applies). */
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
const at = (iso: string | null) => (iso ? new Date(iso) : null);

/** The workbook's columns: what the ticket screens show, one ticket a row. */
const TICKET_COLUMNS: ExportColumn<TicketItem>[] = [
  { header: 'Ticket number', width: 16, value: (t) => t.ticket_number },
  { header: 'Created on', width: 18, value: (t) => at(t.created_on), numFmt: 'dd-mmm-yyyy hh:mm' },
  { header: 'State', width: 16, value: (t) => ticketStateLabel(t.state) },
  { header: 'Priority', width: 10, value: (t) => t.priority },
  { header: 'Customer', width: 24, value: (t) => t.customer_name },
  { header: 'Customer phone', width: 16, value: (t) => t.customer_phone },
  { header: 'Address', width: 36, value: (t) => t.address },
  { header: 'City', width: 14, value: (t) => t.city },
  { header: 'Pincode', width: 10, value: (t) => t.pincode },
  { header: 'Territory', width: 16, value: (t) => t.territory_name },
  { header: 'Category', width: 16, value: (t) => t.category_name },
  { header: 'Service', width: 20, value: (t) => t.service_name },
  { header: 'Service type', width: 16, value: (t) => t.service_type_name },
  { header: 'Serial number', width: 18, value: (t) => t.serial_number },
  { header: 'Problem', width: 24, value: (t) => t.problem_description_name },
  { header: 'Service partner', width: 20, value: (t) => t.partner_name },
  { header: 'Dealer', width: 20, value: (t) => t.dealer_name },
  { header: 'Technician', width: 20, value: (t) => t.technician_name },
  { header: 'Sub-stage', width: 18, value: (t) => t.wip_sub_stage_name },
  { header: 'Under warranty', width: 10, value: (t) => (t.under_warranty ? 'Yes' : 'No') },
  {
    header: 'Service charge (₹)',
    width: 14,
    value: (t) => rupees(t.service_charge_paise),
    numFmt: '#,##0.00',
  },
  { header: 'Closed on', width: 18, value: (t) => at(t.closed_on), numFmt: 'dd-mmm-yyyy hh:mm' },
  { header: 'Closed with', width: 10, value: (t) => t.closed_with },
  { header: 'Closure remark', width: 20, value: (t) => t.closure_remark_name },
  { header: 'Created by', width: 18, value: (t) => t.created_by_name },
];

/** The ticket list's input for a download: the list's own schema decides what is valid. */
function listInputOf(kind: ReportDownloadKind, parameters: ReportDownloadParameters): ParsedListInput {
  const source = SOURCES[kind];
  const parsed = source.handler.operation.input.safeParse({ list: source.list, ...parameters });
  if (!parsed.success) {
    // The request's own schema checked the same fields: this is a list's rule beyond them.
    const issue = parsed.error.issues[0];
    throw badInput(issue.message, issue.path.map(String).join('.') || undefined);
  }
  return parsed.data as ParsedListInput;
}

/** Whether the requester still may download reports when the job runs (rights can change). */
function mayDownload(caller: Caller): boolean {
  return decideAccess(RequestReportDownload.access, caller.profile, caller.menu).allowed;
}

export const requestReportDownload = defineHandler(RequestReportDownload, async (input, context) => {
  const { db, caller } = context;
  const { kind, ...parameters } = input;
  const listInput = listInputOf(kind, parameters);
  SOURCES[kind].handler.list.authorize(caller, listInput);

  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reportDownload)
    .where(
      and(
        eq(reportDownload.requested_by_member_id, caller.membership.id),
        inArray(reportDownload.status, ['QUEUED', 'RUNNING']),
      ),
    );
  if (Number(pending?.count ?? 0) >= REPORT_DOWNLOADS_PENDING_LIMIT)
    throw conflict(REPORT_DOWNLOAD_MESSAGES.tooManyPending);

  const id = newId();
  const [words, fileName] = await Promise.all([
    parametersText(db, caller, parameters),
    Promise.resolve(fileNameOf(kind, parameters, caller)),
  ]);
  await db.insert(reportDownload).values({
    id,
    organization_id: caller.organization.id,
    party_id: caller.party?.id ?? null,
    requested_by_member_id: caller.membership.id,
    requested_by_user_id: caller.user.id,
    kind,
    parameters: clean(parameters),
    parameters_text: words,
    file_name: fileName,
  });
  context.auditTarget = id;
  // Generated soon after the answer, not at the schedule's next tick.
  context.afterCommit(async (committed) => committed.jobs?.runSoon(REPORT_DOWNLOADS_JOB));
  return { data: { download_id: id }, message: REPORT_DOWNLOAD_MESSAGES.requested };
});

/** Only the parameters given, so that the stored row reads as asked. */
function clean(parameters: ReportDownloadParameters): ReportDownloadParameters {
  return Object.fromEntries(
    Object.entries(parameters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as ReportDownloadParameters;
}

/** 'Created 1 Nov 2026 – 30 Nov 2026 · Territory North · Partner CoolFix'; 'All' without any. */
async function parametersText(db: Db, caller: Caller, parameters: ReportDownloadParameters): Promise<string> {
  const parts: string[] = [];
  const { created_from: from, created_to: to } = parameters;
  if (from && to) parts.push(`Created ${formatDay(from)} – ${formatDay(to)}`);
  else if (from) parts.push(`Created from ${formatDay(from)}`);
  else if (to) parts.push(`Created up to ${formatDay(to)}`);
  const nameOf = async (table: 'territory' | 'party' | 'member', id: string | undefined) => {
    if (!id) return undefined;
    if (table === 'territory') {
      const [row] = await db
        .select({ name: territory.name })
        .from(territory)
        .where(and(eq(territory.id, id), inOrganization(territory, caller)));
      return row?.name;
    }
    if (table === 'party') {
      const [row] = await db
        .select({ name: party.name })
        .from(party)
        .where(and(eq(party.id, id), inOrganization(party, caller)));
      return row?.name;
    }
    const [row] = await db
      .select({ name: user.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.id, id), eq(member.organizationId, caller.organization.id)));
    return row?.name;
  };
  const [territoryName, partnerName, technicianName] = await Promise.all([
    nameOf('territory', parameters.territory_id),
    nameOf('party', parameters.partner_party_id),
    nameOf('member', parameters.technician_id),
  ]);
  // An id of another organization (or none) finds no name: the list would find no rows either.
  if (parameters.territory_id) {
    if (!territoryName)
      throw badInput('territory_id is not a territory of this organization', 'territory_id');
    parts.push(`Territory ${territoryName}`);
  }
  if (parameters.partner_party_id) {
    if (!partnerName)
      throw badInput('partner_party_id is not a service partner of this organization', 'partner_party_id');
    parts.push(`Partner ${partnerName}`);
  }
  if (parameters.technician_id) {
    if (!technicianName)
      throw badInput('technician_id is not a technician of this organization', 'technician_id');
    parts.push(`Technician ${technicianName}`);
  }
  return parts.length ? parts.join(' · ') : 'All';
}

function fileNameOf(kind: ReportDownloadKind, parameters: ReportDownloadParameters, caller: Caller): string {
  const title = REPORT_DOWNLOAD_KIND_LABELS[kind].replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: caller.organization.time_zone }).format(
    new Date(),
  );
  const range =
    parameters.created_from || parameters.created_to
      ? `${parameters.created_from ?? 'start'}-to-${parameters.created_to ?? today}`
      : `as-of-${today}`;
  return `${title}-${range}.xlsx`;
}

const fileKeyOf = (row: { organization_id: string; id: string; file_name: string }) =>
  `downloads/${row.organization_id}/${row.id}/${row.file_name}`;

// ---------------------------------------------------------------------------------------------
// The list

/**
 * Whose downloads a caller sees: their own; the owner and admins, every download of the
 * organization (they may export every ticket anyway).
 */
function visibleDownloads(caller: Caller): SQL {
  const organization = inOrganization(reportDownload, caller);
  if (!caller.party && (caller.membership.role === 'OWNER' || caller.membership.role === 'ADMIN'))
    return organization;
  return and(organization, eq(reportDownload.requested_by_member_id, caller.membership.id))!;
}

const downloadsList = defineList(ListReportDownloads, {
  table: reportDownload,
  scope: visibleDownloads,
  select: {
    id: reportDownload.id,
    organization_id: reportDownload.organization_id,
    kind: reportDownload.kind,
    parameters: reportDownload.parameters,
    parameters_text: reportDownload.parameters_text,
    file_name: reportDownload.file_name,
    requested_by_name: user.name,
    created_at: reportDownload.created_at,
    status: reportDownload.status,
    rows_written: reportDownload.rows_written,
    rows_total: reportDownload.rows_total,
    file_key: reportDownload.file_key,
    file_size: reportDownload.file_size,
    finished_at: reportDownload.finished_at,
    expires_at: reportDownload.expires_at,
    error: reportDownload.error,
  },
  join: (query) => query.leftJoin(user, eq(user.id, reportDownload.requested_by_user_id)),
  search: [reportDownload.parameters_text],
  count: 'table',
  sort: { requested_on: reportDownload.created_at },
  filters: (input) => [input.download_status ? eq(reportDownload.status, input.download_status) : undefined],
  toItem: (row): ReportDownloadItem => ({
    download_id: row.id,
    kind: row.kind,
    parameters: row.parameters,
    parameters_text: row.parameters_text,
    requested_by_name: row.requested_by_name ?? 'A former user',
    requested_on: row.created_at.toISOString(),
    status: row.status,
    rows_written: row.rows_written,
    rows_total: row.rows_total,
    file_size: row.file_size,
    finished_on: row.finished_at?.toISOString() ?? null,
    expires_on: row.expires_at?.toISOString() ?? null,
    // Signed by the handler below, which has the file store.
    download_url: row.status === 'READY' && row.file_key ? row.file_key : null,
    file_name: row.status === 'READY' ? row.file_name : null,
    error: row.error,
  }),
});

/** The list, with each ready file's key turned into a signed, expiring address. */
export const listReportDownloads: Handler = defineHandler(ListReportDownloads, async (input, context) => {
  const page = await downloadsList.list.page(context.db, context.caller, input);
  return {
    data: {
      ...page,
      items: page.items.map((item) => ({
        ...item,
        download_url: item.download_url ? context.files.signedUrl(item.download_url) : null,
      })),
    },
  };
});

// ---------------------------------------------------------------------------------------------
// The job

interface DownloadDeps {
  db: Db;
  files: FileStore;
  log: { error(object: object, message: string): void };
  /** Where workbooks are written before they are stored (the system's temporary directory). */
  scratchDir?: string;
  /** Told each download as it is taken, before its workbook is written. */
  onClaim?: (downloadId: string) => void;
}

type DownloadRow = typeof reportDownload.$inferSelect;

/** A RUNNING download whose process stopped beating: it died, with its server or alone. */
const staleHeartbeat = sql`heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`;

/** What the next run takes: queued, or left RUNNING by a process that died. */
const waitingDownload = sql`(status = 'QUEUED' or (status = 'RUNNING' and ${staleHeartbeat}))`;

/** Takes the oldest waiting download (or one whose process died), so that no other process does. */
async function claimNext(db: Db): Promise<DownloadRow | undefined> {
  const claimed = await db.execute<{ id: string }>(sql`
    update report_download
    set status = 'RUNNING', attempts = attempts + 1, started_at = now(), heartbeat_at = now(),
      rows_written = 0
    where id = (
      select id from report_download
      where ${waitingDownload}
      order by created_at, id
      limit 1
      for update skip locked)
    returning id`);
  const id = claimed.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(reportDownload).where(eq(reportDownload.id, id));
  return row;
}

/** Whether a download waits to be generated (or was left by a process that died). */
export async function downloadsWaiting(db: Db): Promise<boolean> {
  const found = await db.execute<{ waiting: boolean }>(sql`
    select exists (select 1 from report_download where ${waitingDownload}) as waiting`);
  return found.rows[0]?.waiting === true;
}

/** Generates every waiting download, one after another; safe in several processes at once. */
export async function generateQueuedDownloads(deps: DownloadDeps): Promise<number> {
  await failExhausted(deps.db);
  let done = 0;
  for (let row = await claimNext(deps.db); row; row = await claimNext(deps.db)) {
    deps.onClaim?.(row.id);
    await generate(deps, row);
    done += 1;
  }
  return done;
}

const MAX_ATTEMPTS = 3;
const NOT_GENERATED = 'The report could not be generated. Ask for it again.';

/**
 * A download whose process died on each of its attempts (out of memory, killed) fails plainly
 * instead of being taken over for ever.
 */
async function failExhausted(db: Db): Promise<void> {
  await db.execute(sql`
    update report_download
    set status = 'FAILED', error = ${NOT_GENERATED}, finished_at = now()
    where status = 'RUNNING' and attempts >= ${MAX_ATTEMPTS} and ${staleHeartbeat}`);
}

/**
 * After the attempt at `downloadId` ended without finishing it (an error, or its process ended):
 * waits for its next run, or fails plainly after its last attempt. A download another process has
 * taken over meanwhile is left alone.
 */
export async function releaseUnfinished(db: Db, downloadId: string): Promise<void> {
  await db.execute(sql`
    update report_download
    set status = case when attempts >= ${MAX_ATTEMPTS} then 'FAILED' else 'QUEUED' end,
      error = case when attempts >= ${MAX_ATTEMPTS} then ${NOT_GENERATED} else null end,
      finished_at = case when attempts >= ${MAX_ATTEMPTS} then now() else null end
    where id = ${downloadId} and status = 'RUNNING'`);
}

async function generate(deps: DownloadDeps, row: DownloadRow): Promise<void> {
  const { db, files } = deps;
  const fail = (error: string) =>
    db
      .update(reportDownload)
      .set({ status: 'FAILED', error, finished_at: new Date() })
      .where(eq(reportDownload.id, row.id));

  const caller = await requesterOf(db, row);
  if (typeof caller === 'string') return void (await fail(caller));
  if (!mayDownload(caller)) return void (await fail(REPORT_DOWNLOAD_MESSAGES.notExportable));

  const source = SOURCES[row.kind];
  const scratch = path.join(
    deps.scratchDir ?? os.tmpdir(),
    `fieldport-download-${row.id}-${process.pid}.xlsx`,
  );
  try {
    const input = listInputOf(row.kind, row.parameters);
    source.handler.list.authorize(caller, input);
    const total = await source.handler.list.count(db, caller, input);
    await db.update(reportDownload).set({ rows_total: total }).where(eq(reportDownload.id, row.id));

    let written = 0;
    let reported = 0;
    async function* batches() {
      const pages = source.handler.list.stream(db, caller as Caller, input, BATCH_ROWS);
      for await (const batch of readAhead(pages)) {
        yield batch as TicketItem[];
        written += batch.length;
        if (written - reported >= PROGRESS_EVERY_ROWS) {
          reported = written;
          await db
            .update(reportDownload)
            .set({ rows_written: written, heartbeat_at: new Date() })
            .where(eq(reportDownload.id, row.id));
        }
      }
    }
    const out = createWriteStream(scratch);
    const rows = await writeXlsx({
      stream: out,
      title: REPORT_DOWNLOAD_KIND_LABELS[row.kind],
      columns: TICKET_COLUMNS,
      batches: batches(),
      timeZone: caller.organization.time_zone,
    });
    await finished(out);
    const { size } = await fs.stat(scratch);
    const key = fileKeyOf(row);
    await files.putFile(key, scratch, XLSX);
    const now = new Date();
    await db.transaction(async (tx) => {
      await registerServerFile(tx as unknown as Db, {
        organization_id: row.organization_id,
        key,
        purpose: 'REPORT_DOWNLOAD',
        file_name: row.file_name,
        file_type: XLSX,
        file_size: size,
        created_by: row.requested_by_user_id,
        record: { kind: 'REPORT_DOWNLOAD', id: row.id },
      });
      await tx
        .update(reportDownload)
        .set({
          status: 'READY',
          rows_written: rows,
          file_key: key,
          file_size: size,
          error: null,
          finished_at: now,
          heartbeat_at: now,
          expires_at: new Date(now.getTime() + REPORT_DOWNLOAD_KEEP_DAYS * 86_400_000),
        })
        .where(eq(reportDownload.id, row.id));
    });
  } catch (error) {
    deps.log.error({ err: error, download: row.id }, 'report download failed');
    // Tried again by the next run, up to MAX_ATTEMPTS; then said plainly on the list.
    await releaseUnfinished(db, row.id);
  } finally {
    await fs.rm(scratch, { force: true });
  }
}

/** The requester as they are now, or why the download cannot be made for them any more. */
async function requesterOf(db: Db, row: DownloadRow): Promise<Caller | string> {
  const [state] = await db
    .select({ member: member.status, organization: organization.status, party: party.status })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(party, eq(party.id, row.party_id ?? ''))
    .where(eq(member.id, row.requested_by_member_id));
  if (!state || state.member !== 'ACTIVE' || state.organization !== 'ACTIVE' || state.party === 'SUSPENDED')
    return 'The person who asked for this report can no longer use the portal.';
  return callerOfMembership(db, row.requested_by_member_id, `report-download:${row.id}`);
}

/** Removes the files kept past their week; the list then reads them as expired. */
export async function expireDownloads(deps: { db: Db; files: FileStore }, now = new Date()): Promise<number> {
  const due = await deps.db
    .update(reportDownload)
    .set({ status: 'EXPIRED', file_key: null })
    .where(and(eq(reportDownload.status, 'READY'), lt(reportDownload.expires_at, now)))
    .returning({
      id: reportDownload.id,
      organization_id: reportDownload.organization_id,
      file_name: reportDownload.file_name,
    });
  for (const row of due) {
    const key = fileKeyOf(row);
    await deps.db.delete(storedFile).where(eq(storedFile.key, key));
    await deps.files.delete(key);
  }
  return due.length;
}

export const reportDownloadHandlers: Handler[] = [requestReportDownload, listReportDownloads];

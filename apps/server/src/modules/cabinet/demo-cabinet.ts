import { and, eq } from 'drizzle-orm';
import type { PartyKind } from '@fieldport/contract/operations/people';
import type { FileType } from '@fieldport/contract/operations/files';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { cabinetDocument, cabinetFolder, cabinetFolderShare } from '../../db/schema/cabinet.ts';
import { storedFile } from '../../db/schema/files.ts';
import { member, organization } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../db/seed/demo.ts';
import type { FileStore } from '../../platform/files.ts';
import { uploadKey } from '../../platform/uploads.ts';

/** A one-page PDF whose lines are the given text: a real document a viewer opens. */
export function simplePdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const stream = [
    'BT /F1 12 Tf 56 780 Td 16 TL',
    ...lines.map((line, index) => `${index === 0 ? '' : 'T* '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoDocument {
  file_name: string;
  file_type: FileType;
  description: string;
  body: Buffer;
}

interface DemoFolder {
  name: string;
  description: string;
  /** Shared with every active party of these kinds. */
  shareWith: PartyKind[];
  documents: DemoDocument[];
}

const DEMO_FOLDERS: DemoFolder[] = [
  {
    name: 'Service manuals',
    description: 'Installation and service procedures for the products we support.',
    shareWith: ['SERVICE_PARTNER', 'DEALER'],
    documents: [
      {
        file_name: 'Split AC installation checklist.pdf',
        file_type: 'application/pdf',
        description: 'What to check before leaving the customer after an installation.',
        body: simplePdf([
          'Split AC installation checklist',
          '',
          '1. Indoor unit level, 15 cm clear above and on both sides.',
          '2. Drain pipe slopes down; pour water to check it flows out.',
          '3. Vacuum the lines for 15 minutes before opening the valves.',
          '4. Leak test every flare joint with soap solution.',
          '5. Record the outlet temperature after 20 minutes of cooling.',
          '6. Show the customer the remote, the filter and the warranty card.',
        ]),
      },
      {
        file_name: 'Gas charging procedure R32.pdf',
        file_type: 'application/pdf',
        description: 'Charging by weight, with the safety steps for R32.',
        body: simplePdf([
          'Gas charging procedure (R32)',
          '',
          'Charge by weight only, never by pressure alone.',
          'Keep the cylinder upright and ventilate the room.',
          'No open flame within 3 metres; R32 is mildly flammable.',
        ]),
      },
    ],
  },
  {
    name: 'Price lists',
    description: "Spare parts and AMC prices for dealers' quotations.",
    shareWith: ['DEALER'],
    documents: [
      {
        file_name: 'Spare parts price list 2026-27.csv',
        file_type: 'text/csv',
        description: 'Prices before GST, in rupees.',
        body: Buffer.from(
          [
            'Part number,Description,Price (Rs)',
            'CAP-35-5-440,Capacitor 35+5 uF 440 V,450.00',
            'GAS-R32,R32 refrigerant per kg,1200.00',
            'MTR-BLOWER-35W,Blower motor 35 W,2850.00',
            'MAG-900W,Magnetron 900 W,3400.00',
          ].join('\n') + '\n',
        ),
      },
    ],
  },
  {
    name: 'Partner circulars',
    description: 'Circulars to our service partners.',
    shareWith: ['SERVICE_PARTNER'],
    documents: [
      {
        file_name: 'Circular - closing tickets with OTP.pdf',
        file_type: 'application/pdf',
        description: 'Every closure needs the customer’s OTP from this month.',
        body: simplePdf([
          'Circular: closing tickets with the customer OTP',
          '',
          'From the first of the month every ticket is closed with the',
          'one-time code the customer receives. Without it the ticket',
          'stays partially closed and is not counted for the payout.',
        ]),
      },
    ],
  },
  {
    name: 'Internal',
    description: 'For our own staff only.',
    shareWith: [],
    documents: [
      {
        file_name: 'Escalation matrix.txt',
        file_type: 'text/plain',
        description: 'Whom to call when a ticket is stuck.',
        body: Buffer.from(
          'Level 1: service co-ordinator (4 hours)\nLevel 2: service manager (1 day)\nLevel 3: head of service (3 days)\n',
        ),
      },
    ],
  },
];

/**
 * The demo's cabinet (docs/cabinet.md): four folders (manuals for everyone, price lists for dealers,
 * circulars for partners, one internal) with real documents in the file store, added by the owner.
 * Written directly, not through AddCabinetDocument: that takes an upload a browser made. An
 * organization whose cabinet has a folder is left alone.
 */
export async function fillDemoCabinet(db: Db, files: FileStore): Promise<number> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  if (!demo) return 0;
  const [already] = await db
    .select({ id: cabinetFolder.id })
    .from(cabinetFolder)
    .where(eq(cabinetFolder.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const [owner] = await db
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, demo.id), eq(member.role, 'OWNER')));
  const parties = await db
    .select({ id: party.id, kind: party.kind })
    .from(party)
    .where(and(eq(party.organization_id, demo.id), eq(party.status, 'ACTIVE')));
  let added = 0;
  for (const folder of DEMO_FOLDERS) {
    const folderId = newId();
    await db.insert(cabinetFolder).values({
      id: folderId,
      organization_id: demo.id,
      name: folder.name,
      description: folder.description,
      created_by: owner?.userId ?? null,
    });
    const shares = parties.filter((candidate) => folder.shareWith.includes(candidate.kind));
    if (shares.length > 0) {
      await db
        .insert(cabinetFolderShare)
        .values(shares.map((shared) => ({ folder_id: folderId, party_id: shared.id })));
    }
    for (const document of folder.documents) {
      const id = newId();
      const key = uploadKey(demo.id, document.file_name);
      await files.put(key, document.body, document.file_type);
      const file = {
        file_name: document.file_name,
        file_type: document.file_type,
        file_size: document.body.length,
      };
      await db.insert(storedFile).values({
        id: newId(),
        organization_id: demo.id,
        key,
        purpose: 'CABINET_DOCUMENT',
        ...file,
        created_by: owner?.userId ?? null,
        record_kind: 'CABINET_DOCUMENT',
        record_id: id,
      });
      await db.insert(cabinetDocument).values({
        id,
        organization_id: demo.id,
        folder_id: folderId,
        file_key: key,
        ...file,
        description: document.description,
        uploaded_by: owner?.userId ?? null,
      });
      added += 1;
    }
  }
  return added;
}

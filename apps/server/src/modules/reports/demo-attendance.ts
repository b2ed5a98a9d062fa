import { and, eq, inArray, lt } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { member, organization } from '../../db/schema/identity.ts';
import { technicianAttendance } from '../../db/schema/tickets.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../db/seed/demo.ts';

/** How many days back the demo's attendance goes (before today). */
const DEMO_DAYS = 42;

/**
 * Each demo technician's check-ins and check-outs over the last six weeks (docs/reports.md#attendance),
 * the same every time for the same day: mostly on time, some late (after 10:00), one day a week
 * away, now and then not checked out; Sundays off. Today is left alone: a technician checks in on
 * the screen (and the journeys do). An organization with earlier attendance is left alone.
 */
export async function raiseDemoAttendance(db: Db): Promise<number> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  if (!demo) return 0;
  const today = dayIn(demo.time_zone);
  const technicians = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, demo.id), eq(member.role, 'TECHNICIAN')))
    .orderBy(member.createdAt, member.id);
  if (technicians.length === 0) return 0;
  const [already] = await db
    .select({ id: technicianAttendance.id })
    .from(technicianAttendance)
    .where(
      and(
        eq(technicianAttendance.organization_id, demo.id),
        inArray(
          technicianAttendance.member_id,
          technicians.map((technician) => technician.id),
        ),
        lt(technicianAttendance.day, today),
      ),
    )
    .limit(1);
  if (already) return 0;
  // A week's pattern, Monday first: [check-in, check-out] in the organization's time, or away.
  const week: ([string, string | null] | null)[] = [
    ['09:32', '18:10'],
    ['09:48', '18:40'],
    ['10:25', '18:55'],
    ['09:15', '17:45'],
    null,
    ['09:40', null],
  ];
  // India keeps no daylight saving: the demo's zone is +05:30 all year.
  const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
  const rows: (typeof technicianAttendance.$inferInsert)[] = [];
  for (const [index, technician] of technicians.entries()) {
    for (let back = DEMO_DAYS; back >= 1; back -= 1) {
      const day = shiftDay(today, -back);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      if (weekday === 0) continue;
      // Each technician's week is shifted, and every third week the late day moves.
      const pattern = week[(weekday - 1 + index + Math.floor(back / 7)) % week.length];
      if (!pattern) continue;
      rows.push({
        id: newId(),
        organization_id: demo.id,
        member_id: technician.id,
        day,
        checked_in_at: at(day, pattern[0]),
        checked_out_at: pattern[1] ? at(day, pattern[1]) : null,
      });
    }
  }
  await db.insert(technicianAttendance).values(rows).onConflictDoNothing();
  return rows.length;
}

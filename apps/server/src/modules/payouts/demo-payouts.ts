import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { payout } from '../../db/schema/payouts.ts';
import { party } from '../../db/schema/platform.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
import { generatePayout } from './payouts.ts';
// The PAYOUT kind is registered when the payouts' handlers load (as in the server).
import './payouts-handlers.ts';

/**
 * The demo's payout (docs/payouts.md#the-demo): the admin generates CoolFix's payout for the day
 * its oldest priced ticket closed, with a travel extra, through the operation itself, and it waits
 * for the owner's approval on /PayoutApprovals. The later tickets are left for a payout to be
 * generated on /ServicePartnerPayout. Runs after the rate cards priced the demo's tickets; an
 * organization with a payout already is left alone.
 */
export async function raiseDemoPayout(db: Db): Promise<number> {
  const world = await demoWorld(db, ['ADMIN']);
  if (!world) return 0;
  const { demo } = world;
  const [already] = await db
    .select({ id: payout.id })
    .from(payout)
    .where(eq(payout.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const [coolFix] = await db
    .select({ id: party.id })
    .from(party)
    .where(and(eq(party.organization_id, demo.id), eq(party.name, 'CoolFix Services')));
  if (!coolFix) return 0;
  const [oldest] = await db
    .select({ closed_at: ticket.closed_at })
    .from(ticket)
    .where(
      and(
        eq(ticket.organization_id, demo.id),
        eq(ticket.partner_party_id, coolFix.id),
        eq(ticket.state, 'CLOSED'),
        isNotNull(ticket.partner_amount_paise),
      ),
    )
    .orderBy(asc(ticket.closed_at))
    .limit(1);
  if (!oldest?.closed_at) return 0;
  const day = dayIn(demo.time_zone, oldest.closed_at);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await generatePayout.handle(
      generatePayout.operation.input.parse({
        party_id: coolFix.id,
        period_from: day,
        period_to: day,
        extras: [{ description: 'Travel to Hosur for an urgent visit', amount: 35_000 }],
        note: 'Transfer by NEFT to the account on file.',
      }),
      await demoContext(tx, world.members.ADMIN!),
    );
  });
  return 1;
}

import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { member } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { serviceRequest } from '../../db/schema/requests.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
import {
  convertServiceRequest,
  insertRequest,
  mergeServiceRequest,
  rejectServiceRequest,
  type RequestOrigin,
} from './requests.ts';

/**
 * The demo's requests for service (docs/requests.md): three new ones from the public form (one from
 * a known customer about a product of the fleet, so that triage shows what conversion will use),
 * one the dealer raised, and one each converted, rejected and merged. Made through the handlers by
 * the admin; none has an email, so no mail is queued. An organization with requests is left alone.
 */
export async function raiseDemoRequests(db: Db): Promise<number> {
  const world = await demoWorld(db, ['ADMIN']);
  if (!world) return 0;
  const { demo } = world;
  const [already] = await db
    .select({ id: serviceRequest.id })
    .from(serviceRequest)
    .where(eq(serviceRequest.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const [installed] = await db
    .select({ serial: fleetItem.serial_number, customer: customer, service_id: fleetItem.service_id })
    .from(fleetItem)
    .innerJoin(customer, eq(customer.id, fleetItem.customer_id))
    .where(
      and(
        eq(fleetItem.organization_id, demo.id),
        eq(fleetItem.status, 'ACTIVE'),
        isNotNull(fleetItem.location_id),
      ),
    )
    .orderBy(asc(fleetItem.created_at), asc(fleetItem.id))
    .offset(20)
    .limit(1);
  const [dealerOwner] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, demo.id), eq(member.role, 'DEALER_OWNER')));
  const [openTicket] = await db
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.organization_id, demo.id), inArray(ticket.state, ['OPEN', 'ASSIGNED'])))
    .orderBy(asc(ticket.created_at))
    .limit(1);
  const [offered] = await db
    .select({ id: service.id })
    .from(service)
    .where(and(eq(service.organization_id, demo.id), eq(service.status, 'ACTIVE')))
    .orderBy(asc(service.name))
    .limit(1);
  if (!installed || !dealerOwner || !openTicket || !offered) return 0;
  const [place] = await db
    .select()
    .from(customerLocation)
    .where(
      and(eq(customerLocation.customer_id, installed.customer.id), eq(customerLocation.is_primary, true)),
    );

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asAdmin = await demoContext(tx, world.members.ADMIN);
    const asDealer = await demoContext(tx, dealerOwner.id);
    const deps = { mailer: asAdmin.mailer, publicUrl: '', secret: '' };
    const raise = (origin: RequestOrigin, values: Record<string, unknown>) =>
      insertRequest(tx, deps, demo, origin, {
        customer_email: null,
        phone_country: 'IN',
        country: 'IN',
        serial_number: null,
        product_name: null,
        preferred_visit_date: null,
        city: 'Bengaluru',
        state: 'Karnataka',
        ...values,
      } as Parameters<typeof insertRequest>[4]);
    const publicForm: RequestOrigin = { source: 'PUBLIC', organizationId: demo.id, ip: '127.0.0.1' };

    await raise(publicForm, {
      customer_name: installed.customer.name,
      customer_phone: installed.customer.phone,
      address: place.address,
      pincode: place.pincode,
      city: place.city,
      state: place.state,
      serial_number: installed.serial,
      problem: 'Makes a loud rattling noise since the power cut last night.',
    });
    await raise(publicForm, {
      customer_name: 'Meera Iyer',
      customer_phone: '9845012345',
      address: '22, 5th Main, Jayanagar 4th Block',
      pincode: '560011',
      product_name: 'Washing machine, front load',
      problem: 'Drum does not spin and the door stays locked after the wash.',
    });
    await raise(publicForm, {
      customer_name: 'Arjun Nair',
      customer_phone: '9902211234',
      address: 'Flat 304, Prestige Lakeside, Whitefield',
      pincode: '560066',
      product_name: 'Water purifier',
      problem: 'Water tastes salty and the filter light keeps blinking red.',
    });
    await raise(
      { source: 'DEALER', caller: asDealer.caller },
      {
        customer_name: 'Sunita Reddy',
        customer_phone: '9886543210',
        address: 'Shop 12, Commercial Street',
        pincode: '560001',
        product_name: 'Split AC 1.5 ton, sold last week',
        problem: 'Installation requested: the customer wants it on Saturday morning.',
      },
    );
    const toConvert = await raise(publicForm, {
      customer_name: 'Farhan Qureshi',
      customer_phone: '9741098765',
      address: '7, Richmond Road',
      pincode: '560025',
      product_name: 'Microwave oven',
      problem: 'Stops heating after a minute; the plate still turns.',
    });
    await convertServiceRequest.handle(
      convertServiceRequest.operation.input.parse({
        request_id: toConvert.id,
        ticket: {
          service_id: offered.id,
          problem_note: toConvert.problem,
          new_customer: {
            customer_name: toConvert.customer_name,
            customer_phone: toConvert.phone,
            primary_location: {
              address: toConvert.address,
              pincode: toConvert.pincode,
              city: 'Bengaluru',
              state: 'Karnataka',
            },
          },
        },
      }),
      asAdmin,
    );
    const toReject = await raise(publicForm, {
      customer_name: 'Ganesh Patil',
      customer_phone: '9823456789',
      address: 'Plot 9, Baner Road, Pune',
      pincode: '411045',
      city: 'Pune',
      state: 'Maharashtra',
      product_name: 'Refrigerator',
      problem: 'Fridge is not cooling and the compressor clicks on and off.',
    });
    await rejectServiceRequest.handle(
      rejectServiceRequest.operation.input.parse({
        request_id: toReject.id,
        reason: 'Pune is outside our service area; please call our Pune partner at 020 4000 1234.',
      }),
      asAdmin,
    );
    const toMerge = await raise(publicForm, {
      customer_name: installed.customer.name,
      customer_phone: installed.customer.phone,
      address: place.address,
      pincode: place.pincode,
      problem: 'Following up: nobody has come yet for the visit I booked on the phone.',
    });
    await mergeServiceRequest.handle(
      mergeServiceRequest.operation.input.parse({ request_id: toMerge.id, ticket_id: openTicket.id }),
      asAdmin,
    );
  });
  return 7;
}

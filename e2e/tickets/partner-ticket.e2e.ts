import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser } from '../support/browser.ts';
import { PARTNER_TECHNICIAN_NAME, TICKET_USERS } from './ticket-fixtures.ts';
import {
  actions,
  cameraPhoto,
  moreActions,
  choose,
  createTicket,
  openFromList,
  shot,
  signIn,
  uniqueMobile,
  uniqueName,
} from './tickets-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/**
 * A co-ordinator gives a Mumbai ticket to the service partner mapped there;
 * the partner's co-ordinator assigns it on to one of the partner's technicians, who accepts it,
 * works it and partially closes it; the co-ordinator closes it with a reason.
 */
describe('a ticket through a service partner', () => {
  it('is assigned to the partner, on to its technician, partially closed and closed', async () => {
    const agent = await signIn('AGENT', '/ActiveTickets');
    const page = agent.page;
    const customer = uniqueName('Rohan Desai');
    const phone = uniqueMobile();
    const number = await createTicket(page, {
      customer,
      phone,
      email: `rohan.${Date.now().toString(36)}@example.com`,
      address: 'Flat 7, Marine View, Colaba Causeway',
      pincode: '400005',
      city: 'Mumbai',
      state: 'Maharashtra',
      service: 'Refrigerator Repair',
      note: 'Freezer does not freeze',
    });
    await actions(page).getByRole('button', { name: 'Assign' }).click();
    const assign = page.getByRole('dialog', { name: `Assign ${number}` });
    const partner = assign.getByRole('radio', { name: 'CoolFix Services' });
    await partner.waitFor();
    await shot(page, 'b-assign-dialog-1366');
    await partner.check();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await assign.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Assignment' }).getByText('CoolFix Services').waitFor();
    await agent.context.close();

    // The partner's co-ordinator finds it among the partner's tickets and gives it to its technician.
    const partnerAgent = await signIn('PARTNER_AGENT', '/ActiveTickets', 800);
    await partnerAgent.page.getByRole('grid', { name: 'Active Tickets' }).waitFor();
    await shot(partnerAgent.page, 'b-partner-list-800');
    await openFromList(partnerAgent.page, 'Active Tickets', number);
    await actions(partnerAgent.page).getByRole('button', { name: 'Reassign' }).click();
    const reassign = partnerAgent.page.getByRole('dialog', { name: `Reassign ${number}` });
    await reassign.getByRole('radio', { name: PARTNER_TECHNICIAN_NAME }).check();
    await reassign.getByRole('button', { name: 'Assign', exact: true }).click();
    await reassign.waitFor({ state: 'hidden' });
    await partnerAgent.page
      .getByRole('region', { name: 'Assignment' })
      .getByText(PARTNER_TECHNICIAN_NAME)
      .waitFor();
    await shot(partnerAgent.page, 'b-partner-assigned-800');
    await partnerAgent.context.close();

    // The partner's technician, on a phone: accepts, starts work, notes, partially closes.
    const tech = await signIn(TICKET_USERS.partnerTechnician, '/Technician', 360);
    const card = tech.page.getByRole('article', { name: `Ticket ${number}` });
    await card.getByRole('link').click();
    await tech.page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    await shot(tech.page, 'b-assigned-360');
    await actions(tech.page).getByRole('button', { name: 'Accept' }).click();
    await actions(tech.page).getByRole('button', { name: 'Start work' }).click();
    const start = tech.page.getByRole('dialog', { name: 'Start work' });
    await choose(tech.page, start, 'Sub-stage', 'Repair in progress');
    await start.getByRole('button', { name: 'Start work' }).click();
    await start.waitFor({ state: 'hidden' });
    await moreActions(tech.page).getByRole('button', { name: 'Add note' }).click();
    const note = tech.page.getByRole('dialog', { name: 'Add a note' });
    await note.getByLabel('Note', { exact: true }).fill('Compressor relay burnt; ordered a new one');
    await note.getByRole('button', { name: 'Add note' }).click();
    await note.waitFor({ state: 'hidden' });
    await tech.page.getByText('Compressor relay burnt; ordered a new one').waitFor();
    // A photo from the phone: made a smaller JPEG on the phone, uploaded (GenerateS3Url), then on
    // the timeline under its new name.
    await tech.page.getByLabel('Photo', { exact: true }).setInputFiles(cameraPhoto('burnt-relay.png'));
    await tech.page
      .getByRole('list', { name: 'Timeline' })
      .getByRole('img', { name: 'burnt-relay.jpg' })
      .waitFor();
    await moreActions(tech.page).getByRole('button', { name: 'Partially close' }).click();
    const partial = tech.page.getByRole('dialog', { name: 'Partially close' });
    await partial.getByRole('button', { name: 'Partially close' }).click();
    await partial.getByText('Closure remark is required').waitFor();
    await choose(tech.page, partial, 'Closure remark', 'Awaiting spare part');
    await partial.getByRole('button', { name: 'Partially close' }).click();
    await partial.waitFor({ state: 'hidden' });
    await tech.page.getByText('Partially Closed', { exact: true }).first().waitFor();
    await shot(tech.page, 'b-partially-closed-360');
    await tech.context.close();

    // The co-ordinator closes it from the Partially Closed list, with a reason.
    const desk = await signIn('AGENT', '/PartiallyClosedTickets');
    await openFromList(desk.page, 'Partially Closed Tickets', number);
    await actions(desk.page).getByRole('button', { name: 'Close with reason' }).click();
    const close = desk.page.getByRole('dialog', { name: 'Close without the closure code' });
    await close
      .getByLabel('Reason', { exact: true })
      .fill('Customer confirmed by phone after the part was fitted');
    await close.getByRole('button', { name: 'Close ticket' }).click();
    await close.waitFor({ state: 'hidden' });
    await desk.page.getByText('Closed', { exact: true }).first().waitFor();
    const timeline = desk.page.getByRole('list', { name: 'Timeline' });
    for (const event of ['Assigned', 'Accepted', 'Note', 'Partially closed', 'Closed']) {
      await timeline.getByRole('listitem', { name: event }).first().waitFor();
    }
    await shot(desk.page, 'b-closed-1366');
    await desk.page.goto('/ClosedTickets');
    await desk.page
      .getByRole('searchbox', { name: 'Search by ticket, customer, phone or serial' })
      .fill(customer);
    await desk.page
      .getByRole('grid', { name: 'Closed Tickets' })
      .getByRole('link', { name: number })
      .waitFor();
    // The tabs count under the same search.
    await expect.poll(() => desk.page.getByRole('tab', { name: /^Closed/ }).textContent()).toBe('Closed1');

    // The same customer calls again: found by phone, the ticket is raised at their location and,
    // being a duplicate, discarded with a reason; it is then among the inactive tickets.
    await desk.page.goto('/ActiveTickets');
    await desk.page.getByRole('button', { name: 'New ticket' }).first().click();
    const form = desk.page.getByRole('dialog', { name: 'New ticket' });
    await form.getByRole('combobox', { name: 'Customer' }).fill(phone.slice(0, 6));
    await desk.page.getByRole('option', { name: new RegExp(customer) }).click();
    await form
      .getByRole('combobox', { name: 'Location' })
      .getByText(/Colaba Causeway/)
      .waitFor();
    await form.getByRole('combobox', { name: 'Service' }).fill('Refrigerator Repair');
    await desk.page.getByRole('option', { name: 'Refrigerator Repair', exact: true }).click();
    await shot(desk.page, 'b-existing-customer-1366');
    await form.getByRole('button', { name: 'Create ticket' }).click();
    const created = desk.page.getByText(/^Ticket RF-\d+ created$/).first();
    await created.waitFor();
    const duplicate = /(RF-\d+)/.exec((await created.textContent()) ?? '')![1];
    await desk.page.getByRole('heading', { level: 1, name: `Ticket ${duplicate}` }).waitFor();
    await actions(desk.page).getByRole('button', { name: 'Discard' }).click();
    const discard = desk.page.getByRole('dialog', { name: `Discard ${duplicate}?` });
    await discard.getByLabel('Reason', { exact: true }).fill('Duplicate of ' + number);
    await discard.getByRole('button', { name: 'Discard' }).click();
    await discard.waitFor({ state: 'hidden' });
    await desk.page.getByText('Discarded', { exact: true }).first().waitFor();
    await desk.page.goto('/InactiveTickets');
    await openFromList(desk.page, 'Inactive Tickets', duplicate);
    await desk.page
      .getByRole('list', { name: 'Timeline' })
      .getByText('Duplicate of ' + number)
      .waitFor();
    await desk.context.close();
  }, 180_000);
});

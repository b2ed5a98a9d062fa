import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsScreen, openAs } from '../approvals/approvals-screen-page.ts';
import { choose, onlyTicketOnPhone, optionsClosed } from './parts-journey-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { REQUEST_JOURNEY } from './component-request-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Parts for a ticket in the browser (docs/inventory.md#parts-for-a-ticket): the technician asks for
// two fan motors on the phone, the owner approves on /Approvals, the store manager issues them from
// /InventoryView, and the co-ordinator closes the ticket saying one was used: one goes back to the
// store, the ticket's parts cost is the one used, and the timeline tells it all.

const { store, part, technician } = REQUEST_JOURNEY;
const partName = `${part.part_number} ${part.name}`;

describe('Parts for a ticket', () => {
  it('is asked for, approved, issued, and at the close used or returned', async () => {
    // The technician, on a phone: the only ticket in their work.
    const phone = await onlyTicketOnPhone(technician.email);
    const { ticketNumber, parts } = phone;
    await parts.getByText('No parts asked for yet.').waitFor();
    await parts.getByRole('button', { name: 'Ask for parts' }).click();
    const ask = phone.page.getByRole('dialog', { name: `Ask for parts for ${ticketNumber}` });
    await choose(ask, phone.page, 'Store', store);
    const line = ask.getByRole('group', { name: 'Line 1' });
    await choose(line, phone.page, 'Component', part.name);
    await line.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await ask.getByRole('textbox', { name: 'Note' }).fill('Both fan motors are burnt');
    await optionsClosed(phone.page);
    await screenshot(phone.page, 'parts-ask-dialog-phone');
    await ask.getByRole('button', { name: 'Ask for approval' }).click();
    const raised = await phone.page
      .getByText(/^Component request CR-\d{6} raised: it waits for approval$/)
      .textContent();
    const requestNumber = /CR-\d{6}/.exec(raised ?? '')![0];
    await parts
      .getByRole('listitem', { name: `Component request ${requestNumber}` })
      .getByText('Waiting for approval')
      .waitFor();
    await screenshot(phone.page, 'parts-card-phone');
    await phone.context.close();

    // The owner approves it on Component Approvals.
    const owner = await newPage();
    await openAs(owner.page, 'OWNER', '/Approvals');
    const approvals = approvalsScreen(owner.page, 'Component Approvals');
    const summary = `${requestNumber} for ticket ${ticketNumber}: 2 × ${partName}`;
    await approvals.open(summary).click();
    await approvals.request.getByText('Both fan motors are burnt').waitFor();
    await approvals.request.getByText(technician.name, { exact: true }).waitFor();
    await screenshot(owner.page, 'parts-approval-dialog');
    await approvals.button('Approve').click();
    await expectMessage(owner.page, 'Approved. The request is approved.');
    await owner.context.close();

    // The store manager issues it from the store's queue; the stock goes down by 2.
    const storeManager = await newPage();
    await openAs(storeManager.page, 'STORE_MANAGER', '/InventoryView');
    const queue = storeManager.page.getByRole('region', { name: 'Component requests to issue' });
    await queue.getByText(`2 Nos × ${partName}`).waitFor();
    await screenshot(storeManager.page, 'parts-requests-to-issue');
    await queue.getByRole('button', { name: `Issue ${requestNumber}` }).click();
    await expectMessage(storeManager.page, `Component request ${requestNumber} issued to ${technician.name}`);
    await storeManager.page
      .getByRole('searchbox', { name: 'Search component or part number' })
      .fill(part.part_number);
    await storeManager.page.getByRole('row').filter({ hasText: store }).getByText('3 Nos').waitFor();
    await storeManager.context.close();

    // The co-ordinator closes it with a reason: the dialog asks how many were used; 1 of 2.
    const agent = await newPage();
    await openAs(agent.page, 'AGENT', '/ActiveTickets');
    await agent.page
      .getByRole('searchbox', { name: 'Search by ticket, customer, phone or serial' })
      .fill(ticketNumber);
    await agent.page
      .getByRole('grid', { name: 'Active Tickets' })
      .getByRole('link', { name: ticketNumber })
      .click();
    await agent.page.getByRole('heading', { level: 1, name: `Ticket ${ticketNumber}` }).waitFor();
    const ticketParts = agent.page.getByRole('region', { name: 'Parts' });
    await ticketParts.getByRole('region', { name: 'With the technician' }).getByText(partName).waitFor();
    await agent.page.getByRole('button', { name: 'Close with reason' }).click();
    const close = agent.page.getByRole('dialog', { name: 'Close without the closure code' });
    const used = close.getByRole('spinbutton', { name: `Used: ${partName}` });
    expect(await used.inputValue()).toBe('2');
    await used.fill('1');
    await close.getByText(`2 Nos issued from ${store}; 1 goes back to the store`).waitFor();
    await close.getByRole('textbox', { name: 'Reason' }).fill('Fan motor replaced; customer away');
    await screenshot(agent.page, 'parts-close-dialog');
    await close.getByRole('button', { name: 'Close ticket' }).click();
    await expectMessage(agent.page, `Ticket ${ticketNumber} closed`);

    // One used at ₹850.00; the other went back; the timeline says so.
    const usedSection = ticketParts.getByRole('region', { name: 'Used on the ticket' });
    await usedSection.getByText(`1 Nos from ${store}`).waitFor();
    await usedSection.getByText('Parts cost').waitFor();
    expect(await usedSection.getByText('₹850.00').count()).toBe(2);
    const timeline = agent.page.getByRole('list', { name: 'Timeline' });
    await timeline
      .getByRole('listitem', { name: 'Parts used and returned' })
      .getByText(`Used: 1 × ${partName}`)
      .waitFor();
    await timeline.getByRole('listitem', { name: 'Parts issued' }).waitFor();
    await timeline.getByRole('listitem', { name: 'Parts approved' }).waitFor();
    await screenshot(agent.page, 'parts-ticket-closed');
    await agent.context.close();
  });
});

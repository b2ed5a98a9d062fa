import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { choose, onlyTicketOnPhone, optionsClosed } from './parts-journey-page.ts';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { MRF_JOURNEY } from './component-request-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// An MRF in the browser (docs/inventory.md#mrf): at the customer's door the technician finds no
// store has the compressor and raises an MRF from the phone, so the ticket waits on hold; the store
// manager fulfils it on /MRFTickets from the supplier's invoice, and the technician finds the ticket
// in progress again with the compressor in hand.

const { store, part, technician } = MRF_JOURNEY;
const partName = `${part.part_number} ${part.name}`;

describe('An MRF', () => {
  it('holds the ticket for material, and fulfilled by the store resumes it with the parts issued', async () => {
    // The technician, on a phone: the only ticket in their work.
    const phone = await onlyTicketOnPhone(technician.email);
    const { ticketNumber, parts } = phone;
    await parts.getByRole('button', { name: 'No stock: raise MRF' }).click();
    const raise = phone.page.getByRole('dialog', { name: `Raise an MRF for ${ticketNumber}` });
    await choose(raise, phone.page, 'Store that gets the parts', store);
    const line = raise.getByRole('group', { name: 'Line 1' });
    await choose(line, phone.page, 'Component', part.name);
    await raise.getByRole('textbox', { name: 'Note' }).fill('Compressor seized; none in any store');
    await optionsClosed(phone.page);
    await screenshot(phone.page, 'mrf-raise-dialog-phone');
    await raise.getByRole('button', { name: 'Raise MRF' }).click();
    const raised = await phone.page
      .getByText(new RegExp(`^MRF-\\d{6} raised: ticket ${ticketNumber} waits for material$`))
      .textContent();
    const mrfNumber = /MRF-\d{6}/.exec(raised ?? '')![0];
    await phone.page.getByText('On Hold', { exact: true }).first().waitFor();
    await parts
      .getByRole('listitem', { name: `Material request ${mrfNumber}` })
      .getByText('Open')
      .waitFor();
    await phone.context.close();

    // The store manager fulfils it from the supplier's invoice.
    const desk = await newPage();
    await openAs(desk.page, 'STORE_MANAGER', '/MRFTickets');
    await desk.page.getByRole('heading', { name: 'MRF Tickets' }).waitFor();
    const row = desk.page.getByRole('row').filter({ hasText: mrfNumber });
    await row.getByText(`1 Nos × ${partName}`).waitFor();
    await screenshot(desk.page, 'mrf-list');
    await row.getByRole('button', { name: `Fulfil ${mrfNumber}` }).click();
    const fulfil = desk.page.getByRole('dialog', { name: `Fulfil ${mrfNumber}` });
    await fulfil.getByRole('textbox', { name: `Unit cost: 1 Nos × ${partName}` }).fill('12,500.50');
    await fulfil.getByRole('textbox', { name: 'Reference' }).fill('INV-SUP-4471');
    await screenshot(desk.page, 'mrf-fulfil-dialog');
    await fulfil.getByRole('button', { name: 'Receive and issue' }).click();
    await expectMessage(desk.page, `${mrfNumber} fulfilled: ticket ${ticketNumber} resumed`);
    await row.getByText('Fulfilled').waitFor();
    // The ledger has the receipt and the issue.
    await desk.page.goto('/ComponentsTransactionHistory');
    await desk.page
      .getByRole('searchbox', { name: 'Search component or part number' })
      .fill(part.part_number);
    const ledger = desk.page.getByRole('grid', { name: 'Components Transaction History' });
    await ledger.getByRole('row').filter({ hasText: 'INV-SUP-4471' }).getByText('+1').waitFor();
    await ledger.getByRole('row').filter({ hasText: mrfNumber }).getByText('−1').waitFor();
    await desk.context.close();

    // The technician's ticket is in progress again, the compressor in hand.
    const back = await newPage({ width: 390, height: 844 });
    const again = loginPage(back.page);
    await again.open();
    await again.signIn(technician.email, DEMO.password);
    await expectPath(back.page, '/Technician');
    await back.page
      .getByRole('article', { name: `Ticket ${ticketNumber}` })
      .getByRole('link')
      .click();
    await back.page.getByText('In Progress', { exact: true }).first().waitFor();
    const held = back.page.getByRole('region', { name: 'With the technician' });
    await held.getByText(partName).waitFor();
    expect(await held.getByText('₹12,500.50').count()).toBe(1);
    await back.page
      .getByRole('list', { name: 'Timeline' })
      .getByRole('listitem', { name: 'Material arrived' })
      .waitFor();
    await screenshot(back.page, 'mrf-ticket-resumed-phone');
    await back.context.close();
  });
});

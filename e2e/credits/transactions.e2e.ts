import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, screenshot, sideways } from '../support/browser.ts';
import { createTicket, signIn, uniqueMobile, uniqueName } from '../tickets/tickets-page.ts';

// Credits (docs/credits.md) on the demo, which uses them: each new ticket spends its service's
// credits, and the Transactions screen shows the balance and the ledger. The journeys' server has
// no payment provider, so buying credits is offered as not possible here, and says why.

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('credits in the browser', () => {
  it('shows a new ticket’s credits on the ledger, and says plainly that no payment provider is configured', async () => {
    const agent = await signIn('AGENT', '/ActiveTickets');
    const number = await createTicket(agent.page, {
      customer: uniqueName('Imran Qureshi'),
      phone: uniqueMobile(),
      email: `imran.${Date.now().toString(36)}@example.com`,
      address: '22, Residency Road',
      pincode: '560025',
      city: 'Bengaluru',
      state: 'Karnataka',
      // 2 credits in the demo's catalogue.
      service: 'AC Gas Refill',
      note: 'Cooling is weak',
    });
    await agent.context.close();

    const owner = await signIn('OWNER', '/Transactions');
    const page = owner.page;
    const balance = page.getByRole('region', { name: 'Balance' });
    await balance.getByText(/^[\d,]+ credits$/).waitFor();
    await balance
      .getByText('No payment provider is configured, so credits cannot be bought here.', { exact: false })
      .waitFor();
    expect(await balance.getByRole('button', { name: 'Recharge' }).isDisabled()).toBe(true);

    const ledger = page.getByRole('grid', { name: 'Credit transactions' });
    await page.getByRole('searchbox', { name: 'Search ticket number or payment reference' }).fill(number);
    const spend = ledger.getByRole('row').filter({ hasText: number });
    await spend.getByText('−2').waitFor();
    await screenshot(page, 'transactions-desktop');

    await page.setViewportSize({ width: 400, height: 800 });
    await page.getByRole('searchbox', { name: 'Search ticket number or payment reference' }).fill('');
    await page.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'Opening balance', exact: true }).click();
    await ledger.getByText('Demo opening balance', { exact: false }).waitFor();
    // The choice's menu has faded out before the picture is taken.
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    const overflow = await sideways(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'transactions-narrow');
    await owner.context.close();
  });
});

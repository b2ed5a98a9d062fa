import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser } from '../support/browser.ts';
import { createTicket, shot, signIn, uniqueMobile, uniqueName } from './tickets-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

const MANUAL = 'Manual: a co-ordinator assigns each ticket';

/** The owner sets the organization's assignment mode; answers the one it had. */
async function setMode(label: string): Promise<string> {
  const owner = await signIn('OWNER', '/OrganizationSettings');
  const modes = owner.page.getByRole('radiogroup', { name: 'Ticket assignment' });
  await modes.getByRole('radio').first().waitFor();
  let before = label;
  for (const radio of await modes.getByRole('radio').all()) {
    if (await radio.isChecked()) before = (await radio.getAttribute('value')) ?? label;
  }
  const wanted = modes.getByRole('radio', { name: label });
  if (!(await wanted.isChecked())) {
    await wanted.check();
    await owner.page.getByRole('button', { name: 'Save settings' }).click();
    await owner.page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'hidden' });
  }
  await owner.context.close();
  return before;
}

const customer = (pincode: string) => ({
  customer: uniqueName('Farah Khan'),
  phone: uniqueMobile(),
  email: `farah.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@example.com`,
  address: '9, Cunningham Road',
  pincode,
  city: 'Bengaluru',
  state: 'Karnataka',
  service: 'AC Gas Refill',
  note: 'Makes a rattling noise',
});

describe('the New ticket dialog’s assignment', () => {
  it('shows the organization’s mode, lets a co-ordinator float or assign one ticket, and warns about a pincode in no territory', async () => {
    const before = await setMode(MANUAL);
    const agent = await signIn('AGENT', '/ActiveTickets');
    const page = agent.page;

    // The mode is shown; the choice starts at it.
    await page.getByRole('button', { name: 'New ticket' }).first().click();
    const form = page.getByRole('dialog', { name: 'New ticket' });
    await form.getByText(`This organization’s mode: ${MANUAL}`).waitFor();
    const choice = form.getByRole('radiogroup', { name: 'How this ticket is given out' });
    expect(
      await choice.getByRole('radio', { name: /\(the organization’s mode\)$/ }).getAttribute('value'),
    ).toBe('MANUAL');
    expect(await choice.getByRole('radio', { name: /^Leave it open/ }).isChecked()).toBe(true);
    // Assign now without choosing anybody is refused before anything is sent.
    await choice.getByRole('radio', { name: 'Assign it now' }).check();
    await form.getByText('Choose the customer and the service to see who is eligible.').waitFor();
    await form.getByRole('button', { name: 'Create ticket' }).click();
    await form.getByText('Choose the technician or service partner to assign the ticket to').waitFor();
    await shot(page, 'b-assignment-refused-1366');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    // A pincode in no territory: warned before creating.
    await page.getByRole('button', { name: 'New ticket' }).first().click();
    await form.getByRole('button', { name: 'New customer' }).click();
    const add = page.getByRole('dialog', { name: 'Add new customer' });
    await add.getByLabel('Name', { exact: true }).fill(uniqueName('Gopal Das'));
    await add.getByLabel('Phone', { exact: true }).fill(uniqueMobile());
    const primary = add.getByRole('group', { name: 'Primary location' });
    await primary.getByLabel('Address', { exact: true }).fill('1, Janpath');
    await primary.getByLabel('Pincode', { exact: true }).fill('751001');
    await primary.getByLabel('City', { exact: true }).fill('Bhubaneswar');
    await primary.getByLabel('State', { exact: true }).fill('Odisha');
    await add.getByRole('button', { name: 'Use this customer' }).click();
    await add.waitFor({ state: 'hidden' });
    const warning = form.getByText(
      'Pincode 751001 is in no territory, so no technician or service partner is eligible for this ticket: it will wait unassigned. Add the pincode to an active territory under Territories first.',
    );
    await warning.waitFor();
    await warning.scrollIntoViewIfNeeded();
    await shot(page, 'b-no-territory-1366');
    await page.setViewportSize({ width: 360, height: 760 });
    await warning.scrollIntoViewIfNeeded();
    await shot(page, 'b-no-territory-360');
    await page.setViewportSize({ width: 1366, height: 850 });
    // Closed by keyboard: Escape cancels the dialog.
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    // Float one ticket although the organization assigns manually.
    const floated = await createTicket(page, { ...customer('560038'), assignment: /^Float it/ });
    await page.getByText('Floating', { exact: true }).first().waitFor();
    await page
      .getByRole('list', { name: 'Timeline' })
      .getByText('Chosen for this ticket: Float it: eligible technicians claim it')
      .waitFor();
    await shot(page, 'b-floated-1366');
    expect(floated).toMatch(/^AC-\d+$/);

    // Assign one now to a chosen eligible technician.
    await page.goto('/ActiveTickets');
    const assigned = await createTicket(
      page,
      { ...customer('560038'), assignment: 'Assign it now', assignTo: 'Tarun Technician' },
      async (dialog) => {
        await dialog.getByRole('radio', { name: 'Assign it now' }).check();
        await dialog.getByText('Choose the customer and the service to see who is eligible.').waitFor();
      },
    );
    await page.getByText('Assigned', { exact: true }).first().waitFor();
    await page.getByText('Tarun Technician').first().waitFor();
    await shot(page, 'b-assigned-1366');
    expect(assigned).toMatch(/^AC-\d+$/);
    await agent.context.close();

    if (before !== 'MANUAL') {
      const labels: Record<string, string> = {
        FLOATING: 'Floating: eligible technicians claim tickets',
        AUTOMATIC: 'Automatic: the portal picks an available technician',
      };
      await setMode(labels[before] ?? MANUAL);
    }
  }, 240_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FGR_MESSAGES } from '@fieldport/contract/operations/fgr';
import { approvalsScreen, openAs } from '../approvals/approvals-screen-page.ts';
import { choose, optionsClosed } from '../inventory/parts-journey-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { FGR_FIXTURES } from './fgr-fixtures.ts';
import { definition, fgrDetails, fgrScreen, replacementForm, settled } from './fgr-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Product replacement in the browser (docs/fgr.md): the admin changes the serial of the demo's
// replacement waiting for approval; the owner approves it on Product Replacement Approvals; the
// admin sees it approved, finds the new serial among the customer's products, and records the
// claim towards the manufacturer, which needs its reference. A ticket of a product out of cover is
// refused with the server's reason; one in warranty gives a replacement found from the list.

const PHONE = { width: 390, height: 844 };

describe('A product replacement', () => {
  it('is changed while it waits, approved, seen in the fleet and claimed', async () => {
    const admin = await newPage();
    const { page: desk } = admin;
    await openAs(desk, 'ADMIN', '/FgrView');
    const list = fgrScreen(desk);
    const number = await list.numberOf('Waiting for approval');
    expect(number).toMatch(/^FGR\/\d{4}-\d{2}\/\d{6}$/);
    let details = await list.open(number);
    const oldSerial = ((await definition(details, 'Replaced').textContent()) ?? '').trim();
    const customer = (
      (await definition(details, 'Customer').locator('p').first().textContent()) ?? ''
    ).trim();
    await details.getByRole('button', { name: 'Open approval' }).waitFor();

    // The serial is changed: the old one's own is refused under the field, then the new one saved.
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = replacementForm(desk, `Change ${number}`);
    await edit.field('Replacement serial number').fill(oldSerial);
    await edit.button('Save').click();
    await expect.poll(() => edit.messageOf('Replacement serial number')).toBe(FGR_MESSAGES.sameSerial);
    const newSerial = `${oldSerial}-E2E`;
    await edit.field('Replacement serial number').fill(newSerial.toLowerCase());
    await settled(desk);
    await screenshot(desk, 'fgr-edit');
    await edit.button('Save').click();
    await expectMessage(desk, FGR_MESSAGES.updated(number));
    details = await fgrDetails(desk, number);
    await expect
      .poll(async () => (await definition(details, 'Replacement').textContent())?.trim())
      .toBe(newSerial);
    await settled(desk);
    await screenshot(desk, 'fgr-waiting');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    // The owner reads it as changed on Product Replacement Approvals and approves it.
    const owner = await newPage();
    await openAs(owner.page, 'OWNER', '/FgrApprovals');
    const approvals = approvalsScreen(owner.page, 'Product Replacement Approvals');
    await approvals.row(number).getByRole('button').first().click();
    await approvals.request.getByText(newSerial, { exact: true }).first().waitFor();
    await settled(owner.page);
    await screenshot(owner.page, 'fgr-approval');
    await approvals.button('Approve').click();
    await expectMessage(owner.page, 'Approved. The request is approved.');
    await approvals.request.waitFor({ state: 'detached' });
    await owner.context.close();

    // The admin sees it approved, its claim not made yet, and the new serial in the fleet.
    await desk.reload();
    await list.row(number).getByText('Approved: replaced').waitFor();
    await list.row(number).getByText('Not claimed yet').waitFor();
    details = await list.open(number);
    await details
      .getByText(`Replaced: ${newSerial} is in the fleet at ${customer}`, { exact: false })
      .waitFor();
    await settled(desk);
    await screenshot(desk, 'fgr-approved');
    await details.getByRole('link', { name: `See ${newSerial} in the customer’s products` }).click();
    await desk.getByRole('heading', { level: 1, name: 'Customer Products' }).waitFor();
    const products = desk.getByRole('grid', { name: `Products of ${customer}` });
    await products
      .getByRole('row')
      .filter({ hasText: newSerial })
      .getByText('Active', { exact: true })
      .waitFor();
    await products
      .getByRole('row')
      .filter({ hasText: new RegExp(`${oldSerial}(?!-)`) })
      .getByText('Inactive', { exact: true })
      .waitFor();
    await settled(desk);
    await screenshot(desk, 'fgr-in-fleet');

    // The claim: Claimed needs the manufacturer's reference, refused before it is sent without one.
    await desk.goBack();
    details = await fgrScreen(desk).open(number);
    await details.getByRole('button', { name: 'Update claim' }).click();
    const claim = replacementForm(desk, `Claim of ${number}`);
    await choose(claim.dialog, desk, 'Claim status', 'Claimed');
    await optionsClosed(desk);
    await claim.button('Save').click();
    await expect
      .poll(() => claim.messageOf('Claim reference'))
      .toBe("Claim reference is required: the manufacturer's claim number");
    await claim.field('Claim reference').fill('MFR-CLM-E2E-0042');
    await claim.field('Note').fill('Failed unit sent back with the claim form.');
    await settled(desk);
    await screenshot(desk, 'fgr-claim');
    await claim.button('Save').click();
    await expectMessage(desk, FGR_MESSAGES.claimUpdated(number, 'Claimed'));
    details = await fgrDetails(desk, number);
    await expect
      .poll(async () => (await definition(details, 'Reference').textContent())?.trim())
      .toBe('MFR-CLM-E2E-0042');
    await details.getByRole('button', { name: 'Close' }).click();
    await list.row(number).getByText('Claimed', { exact: true }).waitFor();
    await admin.context.close();
  }, 180_000);

  it('is refused for a product out of cover, with the reason, and generated for one in warranty', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'ADMIN', '/ActiveTickets');
    const outOfCover = FGR_FIXTURES.outOfCover;
    await page.getByRole('searchbox', { name: /^Search/ }).fill(outOfCover.customer.name);
    const grid = page.getByRole('grid', { name: 'Active Tickets' });
    // The search is sent after a pause and redraws the list: the link is clicked once every row is
    // the customer's, not on the list it replaces (a click there can land on a row being removed).
    await expect
      .poll(() =>
        grid
          .getByRole('row')
          .filter({ has: page.getByRole('gridcell') })
          .filter({ hasNotText: outOfCover.customer.name })
          .count(),
      )
      .toBe(0);
    const ticketLink = grid
      .getByRole('row')
      .filter({ hasText: outOfCover.customer.name })
      .first()
      .getByRole('link')
      .first();
    const ticketNumber = ((await ticketLink.textContent()) ?? '').trim();
    await ticketLink.click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${ticketNumber}` }).waitFor();
    await page.getByRole('region', { name: 'Work' }).getByText(outOfCover.serial, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Replace product' }).click();

    // The form starts with the ticket; the server refuses the product, saying why, under it.
    const generate = replacementForm(page, 'Generate replacement');
    await generate.ticket().getByText(`${ticketNumber} · ${outOfCover.customer.name}`).waitFor();
    await generate.field('Reason').fill('Compressor seized; the engineer found it beyond repair.');
    await generate.field('Replacement serial number').fill(`${outOfCover.serial}-R1`);
    await generate.button('Generate').click();
    await generate
      .ticket()
      .getByText(FGR_MESSAGES.notCovered(outOfCover.serial, outOfCover.why), {
        exact: true,
      })
      .waitFor();
    await settled(page);
    await screenshot(page, 'fgr-not-covered');
    await generate.button('Cancel').click();
    await generate.dialog.waitFor({ state: 'detached' });

    // From the list: the ticket in warranty, found by its product's serial; a serial in the fleet
    // already is refused under the serial, a new one generates it, waiting for approval.
    const list = fgrScreen(page);
    await list.generateButton().click();
    const inWarranty = FGR_FIXTURES.inWarranty;
    const ticketField = generate.dialog.getByRole('combobox', { name: 'Ticket' });
    await ticketField.fill(inWarranty.serial);
    await page
      .getByRole('option', { name: new RegExp(`· ${inWarranty.customer.name}`) })
      .first()
      .click();
    await generate.ticket().getByText(`serial ${inWarranty.serial}`, { exact: false }).waitFor();
    await generate.field('Reason').fill('Refrigerant leak in the coil; the coil is no longer made.');
    await generate.field('Replacement serial number').fill(outOfCover.serial);
    await generate.button('Generate').click();
    await expect
      .poll(() => generate.messageOf('Replacement serial number'))
      .toBe(FGR_MESSAGES.serialTaken(outOfCover.serial));
    const replacement = `${inWarranty.serial}-R1`;
    await generate.field('Replacement serial number').fill(replacement);
    await settled(page);
    await screenshot(page, 'fgr-generate');
    await generate.button('Generate').click();
    const generated = await page
      .getByText(new RegExp(`^Replacement FGR/\\d{4}-\\d{2}/\\d{6} generated\\. It waits for approval\\.$`))
      .first()
      .textContent();
    const number = /FGR\/\d{4}-\d{2}\/\d{6}/.exec(generated ?? '')![0];
    const details = await fgrDetails(page, number);
    await details.getByText('Waiting for approval', { exact: true }).first().waitFor();
    expect((await definition(details, 'Replacement').textContent())?.trim()).toBe(replacement);
    await details.getByRole('button', { name: 'Close' }).click();
    await list.row(number).getByText(inWarranty.customer.name).waitFor();
    await context.close();
  }, 120_000);

  it('fits a phone: the list and a replacement without scrolling sideways', async () => {
    const { page, context } = await newPage(PHONE);
    await openAs(page, 'ADMIN', '/FgrView');
    const list = fgrScreen(page);
    const number = await list.numberOf('Approved: replaced');
    await list.row(number).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await settled(page);
    await screenshot(page, 'fgr-phone');
    const details = await list.open(number);
    await details.getByRole('button', { name: 'Close' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await settled(page);
    await screenshot(page, 'fgr-phone-details');
    await context.close();
  }, 60_000);
});

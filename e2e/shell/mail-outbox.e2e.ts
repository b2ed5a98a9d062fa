import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { closeBrowser, DEMO, launchBrowser, mailedCode, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('the Mail Outbox (no mail server configured)', () => {
  it("lets the owner read a colleague's sign-in code on a screen, with no server log", async () => {
    // The dealer's co-ordinator asks for a sign-in code.
    const dealer = await newPage({ width: 400, height: 780 });
    const dealerLogin = loginPage(dealer.page);
    await dealerLogin.open();
    await dealerLogin.signInForm.getByRole('button', { name: 'Sign In With OTP' }).click();
    const ask = dealer.page.getByRole('form', { name: 'Sign In With OTP' });
    await ask.getByLabel(MSG.otpEmailLabel.replace(' *', '')).fill(DEMO.email('DEALER_AGENT'));
    await ask.getByRole('button', { name: 'Send OTP' }).click();
    await expectMessage(dealer.page, MSG.otpSent);

    // The owner reads it in the Mail Outbox.
    const owner = await newPage();
    const ownerLogin = loginPage(owner.page);
    await ownerLogin.open();
    await ownerLogin.signIn(DEMO.email('OWNER'), DEMO.password);
    await expectPath(owner.page, '/Dashboard');
    await owner.page.getByRole('navigation', { name: 'Main menu' }).getByText('Mail Outbox').click();
    await expectPath(owner.page, '/MailOutbox');
    await owner.page.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
    // Each mail says how its delivery went: the job printed this one, so it is Sent.
    const dealerRow = owner.page
      .getByRole('row')
      .filter({ hasText: 'dealer_agent@demo.local' })
      .filter({ hasText: 'sign-in code' })
      .first();
    await dealerRow.getByText('Sent', { exact: true }).waitFor();
    await owner.page
      .getByRole('button', { name: /^Read the mail to dealer_agent@demo\.local/ })
      .first()
      .click();
    const mail = owner.page.getByRole('dialog');
    await mail.getByText(/Your code to sign in/).waitFor();
    const body = await mail.locator('pre').innerText();
    const code = /Your code to sign in [^\n]*?is (\d{6})\./.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The screen shows the same code the console outbox printed, as a chip of its own.
    expect(code).toBe(await mailedCode(DEMO.email('DEALER_AGENT')));
    await mail.getByText(code!, { exact: true }).waitFor();
    await screenshot(owner.page, 'mail-outbox-desktop');
    await mail.getByRole('button', { name: 'Close' }).click();
    await owner.context.close();

    // The code from the screen signs the co-ordinator in.
    const enter = dealer.page.getByRole('form', { name: 'Enter OTP' });
    await enter.getByLabel(MSG.otpLabel.replace(' *', '')).fill(code!);
    await enter.getByRole('button', { name: 'Verify OTP' }).click();
    await expectMessage(dealer.page, MSG.loginSuccessful);
    await expectPath(dealer.page, '/ActiveTickets');
    // A co-ordinator has no Mail Outbox.
    await dealer.page.goto('/MailOutbox');
    await dealer.page.getByText('You do not have access to this page').waitFor();
    await dealer.context.close();
  });
});

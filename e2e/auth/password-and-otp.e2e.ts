import { afterAll, beforeAll, describe, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { closeBrowser, launchBrowser, mailedCode, newPage } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { E2E_TEMPORARY_PASSWORD, E2E_USERS } from '../support/fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('passwords and codes', () => {
  it('makes a user with a temporary password choose a new one before entering the portal', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(E2E_USERS.temporary, E2E_TEMPORARY_PASSWORD);
    const form = page.getByRole('form', { name: 'Change Temporary Password' });
    await form.waitFor();
    await form.getByLabel('New Password', { exact: true }).fill('Fresh@2026');
    await form.getByLabel('Confirm Password').fill('Fresh@2027');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectMessage(page, MSG.passwordMismatch);
    await form.getByLabel('Confirm Password').fill('Fresh@2026');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectMessage(page, MSG.passwordChanged);
    await expectPath(page, '/Dashboard');
    await context.close();

    // The new password is the one that works from now on.
    const second = await newPage();
    const again = loginPage(second.page);
    await again.open();
    await again.signIn(E2E_USERS.temporary, 'Fresh@2026');
    await expectPath(second.page, '/Dashboard');
    await second.context.close();
  });

  it('resets a forgotten password with the code from the mail', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signInForm.getByRole('button', { name: 'Forgot Password ?' }).click();
    const ask = page.getByRole('form', { name: 'Forgot Password' });
    await ask.getByRole('button', { name: 'Send Code' }).click();
    await expectMessage(page, MSG.registeredEmailRequired);
    await ask.getByLabel('Registered Email').fill(E2E_USERS.forgot);
    await ask.getByRole('button', { name: 'Send Code' }).click();
    await expectMessage(page, MSG.otpSentToEmail);
    const reset = page.getByRole('form', { name: 'Reset Password' });
    await reset.getByRole('button', { name: 'Change Password' }).click();
    await expectMessage(page, MSG.codeRequired);
    const code = await mailedCode(E2E_USERS.forgot);
    await reset.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await reset.getByLabel('New Password', { exact: true }).fill('Renewed@2026');
    await reset.getByRole('button', { name: 'Change Password' }).click();
    await expectMessage(page, MSG.codeFailure);
    // The field says why, and how many tries this code has left.
    await reset.getByText('The code is wrong or has expired. 2 attempts left.').waitFor();
    await reset.getByLabel('Code').fill(code);
    await reset.getByRole('button', { name: 'Change Password' }).click();
    await expectMessage(page, MSG.passwordChanged);
    await login.signInForm.waitFor();
    await login.signIn(E2E_USERS.forgot, 'Renewed@2026');
    await expectPath(page, '/Dashboard');
    await context.close();
  });

  it('answers Forgot Password for an unknown address as for a known one', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signInForm.getByRole('button', { name: 'Forgot Password ?' }).click();
    const ask = page.getByRole('form', { name: 'Forgot Password' });
    await ask.getByLabel('Registered Email').fill('nobody.at.all@nowhere.local');
    await ask.getByRole('button', { name: 'Send Code' }).click();
    await expectMessage(page, MSG.otpSentToEmail);
    await page.getByRole('form', { name: 'Reset Password' }).waitFor();
    await context.close();
  });

  it('signs in with a one-time password from the mail', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signInForm.getByRole('button', { name: 'Sign In With OTP' }).click();
    const ask = page.getByRole('form', { name: 'Sign In With OTP' });
    await ask.getByLabel(MSG.otpEmailLabel.replace(' *', '')).fill('nobody@nowhere.local');
    await ask.getByRole('button', { name: 'Send OTP' }).click();
    await expectMessage(page, MSG.invalidMailId);
    await ask.getByLabel(MSG.otpEmailLabel.replace(' *', '')).fill(E2E_USERS.otp);
    await ask.getByRole('button', { name: 'Send OTP' }).click();
    await expectMessage(page, MSG.otpSent);
    const enter = page.getByRole('form', { name: 'Enter OTP' });
    const code = await mailedCode(E2E_USERS.otp);
    await enter.getByLabel(MSG.otpLabel.replace(' *', '')).fill(code === '000000' ? '111111' : '000000');
    await enter.getByRole('button', { name: 'Verify OTP' }).click();
    await expectMessage(page, MSG.invalidOtp);
    await enter.getByText('The code is wrong or has expired. 2 attempts left.').waitFor();
    await enter.getByRole('button', { name: 'Verify OTP' }).click();
    await enter.getByText('The code is wrong or has expired. 1 attempt left.').waitFor();
    await enter.getByLabel(MSG.otpLabel.replace(' *', '')).fill(code);
    await enter.getByRole('button', { name: 'Verify OTP' }).click();
    await expectMessage(page, MSG.loginSuccessful);
    await expectPath(page, '/Dashboard');
    await context.close();
  });
});

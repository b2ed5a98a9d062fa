import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import {
  closeBrowser,
  DEMO,
  launchBrowser,
  mailedTemporaryPassword,
  newPage,
  screenshot,
} from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { PEOPLE_USERS } from '../support/people-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** Signs in through the login page and waits for the landing route. */
async function signInAs(email: string, password: string, landing: string) {
  const { page, context } = await newPage();
  const login = loginPage(page);
  await login.open();
  await login.signIn(email, password);
  await expectPath(page, landing, 15_000);
  return { page, context };
}

describe('people', () => {
  it('an admin invites a technician, who signs in with the temporary password and must change it', async () => {
    const admin = await signInAs(PEOPLE_USERS.admin, DEMO.password, '/Dashboard');
    await admin.page.goto('/EnterpriseTechnicians');
    await expectPath(admin.page, '/EnterpriseTechnicians');
    await admin.page.getByRole('button', { name: 'Add technician' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add technician' });
    // The form checks before anything is sent.
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await dialog.getByText('Name is required').waitFor();

    const email = `tara.${Date.now()}@e2e.local`;
    await dialog.getByLabel('Name', { exact: true }).fill('Tara Technician');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Phone number').fill('98765 43210');
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expectMessage(admin.page, `Tara Technician invited. A temporary password was mailed to ${email}.`);
    const table = admin.page.getByRole('grid', { name: 'Technicians' });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.getByText('Invited').waitFor();
    await row.getByText('+91 98765 43210').waitFor();
    await screenshot(admin.page, 'people-technician-invited-1366');

    // The invitation is in the audit log, with the invited address and never the temporary password.
    const temporary = await mailedTemporaryPassword(email);
    await admin.page.goto('/AuditLogs');
    const operation = admin.page.getByRole('combobox', { name: 'Operation' });
    await operation.fill('CreateUser');
    await admin.page.getByRole('option', { name: 'CreateUser', exact: true }).click();
    const invitation = admin.page
      .getByRole('grid', { name: 'Audit Logs' })
      .getByRole('row')
      .filter({ hasText: email });
    await invitation.getByText('invitation: temporary password mailed').waitFor();
    expect(await invitation.first().textContent()).not.toContain(temporary);
    await admin.context.close();

    // The mail's temporary password signs in, and the portal asks for a new password first.
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(email, temporary);
    const change = page.getByRole('form', { name: 'Change Temporary Password' });
    await change.waitFor();
    await change.getByLabel('New Password', { exact: true }).fill('Tara@2026x');
    await change.getByLabel('Confirm Password').fill('Tara@2026x');
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expectMessage(page, MSG.passwordChanged);
    await expectPath(page, '/Technician', 15_000);
    await context.close();

    // From now on the chosen password is the one; the temporary one no longer works.
    const again = await newPage();
    const second = loginPage(again.page);
    await second.open();
    await second.signIn(email, temporary);
    await expectMessage(again.page, 'Invalid email or password');
    await second.signIn(email, 'Tara@2026x');
    await expectPath(again.page, '/Technician', 15_000);
    await again.context.close();
  });

  it('a deactivated user cannot sign in', async () => {
    // The technician signs in today.
    const before = await signInAs(PEOPLE_USERS.technician, DEMO.password, '/Technician');
    await before.context.close();

    const admin = await signInAs(PEOPLE_USERS.admin, DEMO.password, '/Dashboard');
    await admin.page.goto('/EnterpriseTechnicians');
    await admin.page.getByRole('searchbox', { name: 'Search technicians' }).fill('Tanvi');
    await admin.page.getByRole('button', { name: 'Deactivate Tanvi Technician' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Deactivate this person?' });
    await confirm.getByText(/cannot sign in to People Journeys Co until activated again/).waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectMessage(admin.page, 'Tanvi Technician deactivated');
    const row = admin.page
      .getByRole('grid', { name: 'Technicians' })
      .getByRole('row')
      .filter({ hasText: 'Tanvi' });
    await row.getByText('Deactivated').waitFor();
    await admin.page.getByRole('button', { name: 'Activate Tanvi Technician' }).waitFor();
    await screenshot(admin.page, 'people-technician-deactivated-1366');

    // The audit log shows who deactivated whom, with the status change.
    await admin.page.goto('/AuditLogs');
    const operation = admin.page.getByRole('combobox', { name: 'Operation' });
    await operation.fill('ActivateOrDeactivateUser');
    await admin.page.getByRole('option', { name: 'ActivateOrDeactivateUser' }).click();
    const entry = admin.page
      .getByRole('grid', { name: 'Audit Logs' })
      .getByRole('row')
      .filter({ hasText: PEOPLE_USERS.technician });
    await entry.getByText('user_status: ACTIVE → INACTIVE').waitFor();
    await entry.getByText(PEOPLE_USERS.admin).waitFor();
    await screenshot(admin.page, 'people-audit-deactivation-1366');
    await admin.context.close();

    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(PEOPLE_USERS.technician, DEMO.password);
    await expectMessage(page, MSG.membershipSuspended);
    await expectPath(page, '/');
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import {
  closeBrowser,
  DEMO,
  launchBrowser,
  mailedInvitationToken,
  mailedTemporaryPassword,
  newPage,
  screenshot,
} from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import {
  AUDITOR_DESIGNATION,
  ELSEWHERE_ORGANIZATION,
  PEOPLE_ORGANIZATION,
  PEOPLE_USERS,
} from '../support/people-fixtures.ts';

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

  it('a person who works elsewhere is invited, sees only the invitation, accepts it from the mail and switches', async () => {
    const owner = await signInAs(PEOPLE_USERS.owner, DEMO.password, '/Dashboard');
    await owner.page.goto('/EnterpriseTechnicians');
    await owner.page.getByRole('button', { name: 'Add technician' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add technician' });
    await dialog.getByLabel('Name', { exact: true }).fill('Typed By The Owner');
    await dialog.getByLabel('Email', { exact: true }).fill(PEOPLE_USERS.elsewhere);
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expectMessage(
      owner.page,
      `Invitation sent to ${PEOPLE_USERS.elsewhere}. They join ${PEOPLE_ORGANIZATION} when they accept it.`,
    );
    // Until the person accepts, the list knows them by the email only: never their own name.
    const row = owner.page
      .getByRole('grid', { name: 'Technicians' })
      .getByRole('row')
      .filter({ hasText: PEOPLE_USERS.elsewhere });
    await row.getByText('Invitation pending').waitFor();
    expect(await row.first().textContent()).not.toContain('Esha');
    await screenshot(owner.page, 'people-invitation-pending-1366');
    await owner.context.close();

    // The mail's link opens a page that asks, signed out.
    const token = await mailedInvitationToken(PEOPLE_USERS.elsewhere);
    for (const width of [400, 1366]) {
      const view = await newPage({ width });
      await view.page.goto(`/AcceptInvitation?token=${token}`);
      await view.page.getByRole('heading', { name: `Join ${PEOPLE_ORGANIZATION} as TECHNICIAN?` }).waitFor();
      await screenshot(view.page, `people-accept-invitation-${width}`);
      await view.context.close();
    }
    const { page, context } = await newPage();
    await page.goto(`/AcceptInvitation?token=${token}`);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expectMessage(
      page,
      `You joined ${PEOPLE_ORGANIZATION} as TECHNICIAN. Choose it with Switch Organization in the user menu.`,
    );
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    const login = loginPage(page);
    await login.signInForm.waitFor();
    // The sign-in lands where it always did; the new organization is one switch away.
    await login.signIn(PEOPLE_USERS.elsewhere, DEMO.password);
    await expectPath(page, '/Dashboard', 15_000);
    await page.getByRole('banner').getByText(ELSEWHERE_ORGANIZATION).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: PEOPLE_ORGANIZATION }).click();
    await page.getByRole('banner').getByText(PEOPLE_ORGANIZATION).waitFor();
    await context.close();

    // The link worked once.
    const again = await newPage();
    await again.page.goto(`/AcceptInvitation?token=${token}`);
    await again.page.getByText(/This invitation link is not valid any more/).waitFor();
    await again.context.close();
  });

  it('a manager edits a designation: rights they do not hold themselves are fixed, with the reason', async () => {
    const manager = await signInAs(PEOPLE_USERS.manager, DEMO.password, '/Dashboard');
    await manager.page.goto('/DesignationsView');
    await manager.page.getByRole('button', { name: `Edit ${AUDITOR_DESIGNATION}` }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Edit designation' });
    await dialog.getByText('Rights you do not hold yourself are greyed out and stay as they are.').waitFor();
    const fixed = dialog.getByRole('checkbox', { name: /^View on Audit Logs \(fixed: / });
    expect(await fixed.isChecked()).toBe(true);
    expect(await fixed.isDisabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'View on Dashboard', exact: true }).isDisabled()).toBe(
      false,
    );
    await screenshot(manager.page, 'people-rights-editor-fixed-1366');
    await manager.page.setViewportSize({ width: 400, height: 850 });
    // Narrow, the editor shows a card per module.
    await dialog.getByRole('checkbox', { name: 'View on Dashboard', exact: true }).waitFor();
    // The narrow editor is drawn anew: scrolled to once its checkbox has settled in the new layout.
    await expect
      .poll(
        () =>
          fixed.scrollIntoViewIfNeeded({ timeout: 2_000 }).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await screenshot(manager.page, 'people-rights-editor-fixed-400');
    await manager.page.setViewportSize({ width: 1366, height: 850 });

    // Everything cleared and saved: the right the manager lacks stays as it was.
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    expect(await fixed.isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'View on Dashboard', exact: true }).isChecked()).toBe(
      false,
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectMessage(manager.page, `Designation '${AUDITOR_DESIGNATION}' saved`);
    await manager.context.close();
  });
});

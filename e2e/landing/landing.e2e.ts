import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_API_PATH, CONTACT_MESSAGES, LANDING_PATH } from '@fieldport/contract/contact';
import { MSG } from '@fieldport/contract/messages';
import { checkAccessibilityNow } from '../support/axe-gate.ts';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { descriptionOf, focusedName, landingPage, scrollsSideways } from './landing-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The public landing page (docs/landing.md): reached from the sign-in card, it signs a person in
// from its dialog into the shell, and its contact form says what the specification says (SPEC 5)
// before the server takes the message. Every screen here is checked by the accessibility gate.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const VALID = {
  name: 'Asha Verma',
  email: 'asha.verma@example.com',
  phone: '98450 12345',
  message: 'We run 40 engineers across Karnataka and would like to see Fieldport.',
};

describe('The landing page', () => {
  it('is linked from the sign-in card, works from the keyboard, and signs the demo owner in from its dialog', async () => {
    const { page, context } = await newPage(DESKTOP);
    const landing = landingPage(page);
    await loginPage(page).open();
    await page.getByRole('link', { name: 'About Fieldport' }).click();
    await expectPath(page, LANDING_PATH);
    await landing.hero().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'landing-desktop');

    // Keyboard: the skip link first, then the brand, the sections and Sign in, each with a visible focus.
    const order: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline, `the focus on ${order.at(-1)} is visible`).not.toMatch(/^none|\s0px$/);
    }
    expect(order).toEqual([
      'Skip to content',
      'Fieldport',
      'How it works',
      'Features',
      'Screenshots',
      'About',
      'Contact',
      'Sign in',
    ]);

    // Enter opens the dialog on its first field; Escape closes it and gives the focus back.
    await page.keyboard.press('Enter');
    await landing.signInDialog.waitFor();
    await expect.poll(() => focusedName(page)).toBe('Email');
    expect((await checkAccessibilityNow(page)).violations).toEqual([]);
    await screenshot(page, 'landing-sign-in-dialog');
    await page.keyboard.press('Escape');
    await landing.signInDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('header') !== null))
      .toBe(true);
    expect(await focusedName(page)).toBe('Sign in');

    // The login page's own sign-in step, in the dialog: the owner lands in the shell.
    await landing.headerSignIn().click();
    await landing.signInDialog.getByLabel('Email').fill(DEMO.email('OWNER'));
    await landing.signInDialog.getByLabel('Password').fill(DEMO.password);
    await landing.signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectPath(page, '/Dashboard', 15_000);
    await expectMessage(page, MSG.loggedIn);
    await page.getByText('Demo Service Co').first().waitFor();
    await context.close();
  });

  it('checks the contact form with the specification’s messages, then sends it, a bot’s too', async () => {
    const { page, context } = await newPage(DESKTOP);
    const landing = landingPage(page);
    await page.goto(LANDING_PATH);
    await landing.contactForm.waitFor();
    // The honeypot is in the form but out of reach: not in the tab order, not in the accessibility tree.
    const honeypot = landing.contactForm.locator('input[name="website"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    expect(await landing.contactForm.getByRole('textbox', { name: 'Website' }).count()).toBe(0);

    // Sent empty: each field's message under it, the first wrong field focused.
    await landing.send().click();
    const required = [
      [landing.name(), CONTACT_MESSAGES.nameRequired],
      [landing.email(), CONTACT_MESSAGES.emailRequired],
      [landing.phone(), CONTACT_MESSAGES.phoneRequired],
      [landing.message(), CONTACT_MESSAGES.messageRequired],
    ] as const;
    for (const [field, message] of required) {
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(field)).toContain(message);
      await landing.contactForm.getByText(message, { exact: true }).waitFor();
    }
    // India (+91) is chosen at first, so the country code has no message.
    expect(await landing.country().inputValue()).toBe('IN');
    expect(await landing.country().locator('option:checked').textContent()).toBe('India (+91)');
    expect(await landing.country().getAttribute('aria-invalid')).toBe('false');
    expect(await focusedName(page)).toBe('Name');
    expect((await checkAccessibilityNow(page)).violations).toEqual([]);
    await screenshot(page, 'landing-contact-errors');

    // Each rule of SPEC 5 in turn, with its exact words.
    await landing.name().fill('Abc');
    await landing.send().click();
    expect(await descriptionOf(landing.name())).toBe(CONTACT_MESSAGES.nameShort);
    expect(CONTACT_MESSAGES.nameShort).toBe('Name must be at least 6 characters');

    await landing.name().fill(VALID.name);
    await landing.email().fill('someone@nowhere');
    await landing.send().click();
    expect(await landing.name().getAttribute('aria-invalid')).toBe('false');
    expect(await descriptionOf(landing.email())).toBe('Enter appropriate E-Mail');
    expect(await focusedName(page)).toBe('E-Mail');

    await landing.email().fill(VALID.email);
    await landing.phone().fill('12345');
    await landing.send().click();
    expect(await descriptionOf(landing.phone())).toContain('10 numbers for India');
    expect(await descriptionOf(landing.phone())).toContain('Enter a valid phone number of 10 numbers');

    // Malaysia's numbers have 8 digits: the hint and the message say so, and 8 digits are enough.
    await landing.country().selectOption({ label: 'Malaysia (+60)' });
    expect(await descriptionOf(landing.phone())).toContain('8 numbers for Malaysia, without +60.');
    expect(await descriptionOf(landing.phone())).toContain('Enter a valid phone number of 8 numbers');
    await landing.phone().fill('12345678');
    expect(await landing.phone().getAttribute('aria-invalid')).toBe('false');

    await landing.message().fill('short');
    await landing.send().click();
    expect(await landing.phone().getAttribute('aria-invalid')).toBe('false');
    expect(await descriptionOf(landing.message())).toContain('Message must be at least 10 characters');
    expect(await focusedName(page)).toBe('Message');

    // A valid message is sent as written, and the form is cleared with the thanks said politely.
    await landing.message().fill(VALID.message);
    const [request] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === CONTACT_API_PATH),
      landing.send().click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({
      name: VALID.name,
      email: VALID.email,
      country_code: 'MY',
      phone: '12345678',
      message: VALID.message,
      website: '',
    });
    await expect.poll(() => landing.status().textContent(), { timeout: 10_000 }).toBe(CONTACT_MESSAGES.sent);
    expect(await landing.name().inputValue()).toBe('');
    expect(await landing.message().inputValue()).toBe('');
    expect(await landing.country().inputValue()).toBe('IN');
    expect(await landing.send().isEnabled()).toBe(true);
    await screenshot(page, 'landing-contact-sent');

    // A bot fills the hidden field: the form still thanks it (the server drops the message quietly).
    await landing.name().fill('Spam Robot');
    await landing.email().fill('robot@spam.example');
    await landing.phone().fill('9845012345');
    await landing.message().fill('Buy cheap links for your website now.');
    await honeypot.evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
    });
    const [botRequest] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === CONTACT_API_PATH),
      landing.send().click(),
    ]);
    expect(botRequest.postDataJSON()).toMatchObject({ website: 'https://spam.example', country_code: 'IN' });
    await expect.poll(() => landing.status().textContent(), { timeout: 10_000 }).toBe(CONTACT_MESSAGES.sent);
    expect(await honeypot.inputValue()).toBe('');
    expect((await checkAccessibilityNow(page)).violations).toEqual([]);
    await context.close();
  });

  it('fits a phone 390 px wide with its screenshots and dialog, and links to Report an issue', async () => {
    const { page, context } = await newPage(PHONE);
    const landing = landingPage(page);
    await page.goto(LANDING_PATH);
    await landing.hero().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'landing-phone');

    // The real product's screens, each loaded (lazily) with a description.
    const shots = page.getByRole('region', { name: 'Screenshots' }).getByRole('img');
    expect(await shots.count()).toBeGreaterThanOrEqual(3);
    for (const shot of await shots.all()) {
      await shot.scrollIntoViewIfNeeded();
      await expect
        .poll(() => shot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      expect((await shot.getAttribute('alt'))?.length).toBeGreaterThan(20);
    }
    expect(await scrollsSideways(page)).toBe(false);

    await landing.headerSignIn().click();
    await landing.signInDialog.waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect((await checkAccessibilityNow(page)).violations).toEqual([]);
    await screenshot(page, 'landing-phone-dialog');
    await landing.signInDialog.getByRole('button', { name: 'Close' }).click();
    await landing.signInDialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Sign in');

    await page.getByRole('link', { name: 'Report an issue' }).first().click();
    await expectPath(page, '/ReportIssue');
    await context.close();
  });
});

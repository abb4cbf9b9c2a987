/**
 * Accounts that can be completed (issue 12), in a real browser against the real server: a person
 * who enrolled through the identity app adds a mobile (confirmed by the code it received), sets a
 * username and password, signs out, and signs in again with them and a code.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, enrolWithNafath, openPage } from './browser.js';

/** The newest code the outbox holds for an address. */
async function codeFor(recipient: string): Promise<string> {
  const outbox = (await (await fetch(`${baseUrl}/dev/outbox`)).json()) as {
    messages: { recipient: string; body: string }[];
  };
  const message = outbox.messages.find((entry) => entry.recipient === recipient);
  return /\d{6}/.exec(message?.body ?? '')?.[0] ?? '';
}

describe('completing an account', () => {
  it('adds a mobile and a password to an identity-app account, then signs in with them', async () => {
    const { page } = await openPage('/app/login?lng=en');
    const { nationalId } = await enrolWithNafath(page);
    await page.waitForURL('**/app/my/dashboard');
    await page.goto('/app/my/account');
    await page.getByText('Not set: you sign in with Nafath.').waitFor();

    // A mobile number, confirmed by the code sent to it (signing in through Nafath a moment ago
    // confirmed who this is).
    const mobile = `05${nationalId.slice(-8)}`;
    const international = `+9665${nationalId.slice(-8)}`;
    await page.getByRole('button', { name: 'Add', exact: true }).nth(1).click();
    const dialog = page.getByRole('dialog', { name: 'Add a mobile number' });
    await dialog.getByRole('textbox', { name: 'Mobile' }).fill(mobile);
    await dialog.getByRole('button', { name: 'Send a code' }).click();
    await dialog.getByRole('status').waitFor();
    // A code that expired or was mistyped too often is not a dead end: a new one can be asked
    // for once the server sends one again, and another address chosen (issue 38).
    await dialog.getByText(/^You can ask for a new code in /u).waitFor();
    await dialog.getByRole('button', { name: 'Use another number' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeFor(international));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your mobile number is saved.').waitFor();
    await page.getByText(international).waitFor();

    // A username and password.
    const username = `p${nationalId}`;
    await page.getByRole('button', { name: 'Set a password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Set a sign-in password' });
    await passwordDialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await passwordDialog.getByLabel('New password').fill('Completed-2026');
    await passwordDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your sign-in password is saved.').waitFor();

    // Signed out, then in with them and the code the new mobile receives.
    await page.goto('/logout');
    await page.waitForURL('**/app/login');
    await page.getByRole('tab', { name: 'Username and code' }).click();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Completed-2026');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText(/We sent a 6-digit code/).waitFor();
    await page.getByLabel('One-time code').fill(await codeFor(international));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL('**/app/my/dashboard');
    expect(page.url()).toContain('/app/my/dashboard');
    // Signed in, focus is on the page's heading, where a screen reader starts (issue 38).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });
});

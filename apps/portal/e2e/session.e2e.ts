import { describe, expect, it } from 'vitest';
import {
  SARA,
  accessTokenSeconds,
  approveOnPhone,
  enrolWithNafath,
  openPage,
  signInWithNafath,
  stored,
} from './browser.js';

describe('the session over time (SPEC §4)', () => {
  it('renews the access token before it expires: the next call goes with the new one, meeting no 401', async () => {
    const { page, errors, context } = await openPage('/app/login?lng=en');
    // The page's clock, moved on below instead of waiting for the token to age.
    await context.clock.install();
    await page.reload();
    await signInWithNafath(page, SARA);
    await page.waitForURL('**/app/org/dashboard');
    // How many are unread depends on what earlier files did (pre-enrolment tells Sara, an admin
    // of an organization under the L1, of each application); the button is what matters here.
    const notifications = page.getByRole('button', { name: /^Notifications \d+ unread$/ });
    await notifications.waitFor();
    // The dashboard has shown its data (its reads have ended): only what follows is counted.
    await page.getByRole('grid', { name: 'Latest transactions' }).getByRole('row').nth(5).waitFor();
    await page.waitForLoadState('networkidle');
    const before = await stored(page, 'refreshToken');
    const calls: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/')) calls.push(`${String(response.status())} ${path}`);
    });

    // Past half the token's life (the client renews it from then on).
    await page.clock.fastForward((accessTokenSeconds / 2 + 1) * 1000);
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/notifications') && response.status() === 200,
    );
    await notifications.click();
    await answered;
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('Plan expiring soon')
      .waitFor();

    expect(calls.slice(0, 2)).toEqual([
      '200 /api/v1/auth/refresh',
      '200 /api/v1/dashboard/my/notifications',
    ]);
    // What the panel showed is marked read with the new token, and the count is gone.
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(calls).toContain('200 /api/v1/dashboard/my/notifications/read');
    expect(calls.filter((call) => call.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('401'))).toEqual([]);
    expect(await stored(page, 'refreshToken')).not.toBe(before);
    expect(page.url()).toContain('/app/org/dashboard');
    expect(errors).toEqual([]);
  });

  it('signs out after the configured minute without activity, not before', async () => {
    const { page, context } = await openPage('/app/login?lng=en');
    await context.clock.install();
    await page.reload();
    await enrolWithNafath(page);
    await page.waitForURL('**/app/my/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // Each request counts as activity: the dashboard's reads end before the clock moves.
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await page.waitForLoadState('networkidle');

    await page.clock.fastForward('00:50');
    await page.clock.runFor(3100);
    expect(page.url()).toContain('/app/my/dashboard');
    // Before the end, a warning counts down.
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(
      /signed out in \u20660:\d\d\u2069 without activity/,
    );

    await page.clock.fastForward('00:15');
    await page.clock.runFor(3100);
    await page.waitForURL('**/app/login?signedOut=inactive&minutes=1');
    expect(await stored(page, 'refreshToken')).toBeNull();
    // The login page says why.
    await page
      .getByRole('status')
      .filter({ hasText: 'You were signed out after 1 minute without activity.' })
      .waitFor();
  });

  it('keeps a person who answers the warning signed in', async () => {
    const { page, context } = await openPage('/app/login?lng=en');
    await context.clock.install();
    await page.reload();
    await enrolWithNafath(page);
    await page.waitForURL('**/app/my/dashboard');
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await page.waitForLoadState('networkidle');

    await page.clock.fastForward('00:50');
    await page.clock.runFor(3100);
    const keepAlive = page.waitForRequest((request) => request.url().endsWith('/auth/keepalive'));
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await keepAlive;
    await page.getByRole('alertdialog', { name: 'Are you still there?' }).waitFor({
      state: 'detached',
    });
    // Past the minute the warning was counting down to: still here.
    await page.clock.fastForward('00:20');
    await page.clock.runFor(3100);
    expect(page.url()).toContain('/app/my/dashboard');
  });

  it('enrols a new individual, who renews the identity verification from the user menu', async () => {
    const { page } = await openPage('/app/login?lng=en');
    const { nationalId } = await enrolWithNafath(page);
    await page.waitForURL('**/app/my/dashboard');
    // The user menu, named by the person the identity app named.
    await page.getByRole('banner').getByRole('button').last().click();
    await page.getByRole('menuitem', { name: 'Renew identity verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew identity verification' });
    await dialog.getByRole('button', { name: 'Renew with Nafath' }).click();
    await approveOnPhone(page, nationalId);
    const toast = page
      .getByRole('alertdialog')
      .filter({ hasText: 'Identity verification renewed' });
    await toast.waitFor();
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(await toast.textContent()).toContain(String(nextYear));
    await dialog.waitFor({ state: 'detached' });
  });
});

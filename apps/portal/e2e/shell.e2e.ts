import { describe, expect, it } from 'vitest';
import {
  MOHAMMED,
  PUBLIC_ROUTES,
  NOURA,
  htmlLangDir,
  openPage,
  signInWithCode,
  signInWithNafath,
  stored,
} from './browser.js';

describe('language, direction and theme (SPEC §4)', () => {
  it('opens in Arabic, right to left, on a first visit, and saves Arabic', async () => {
    const { page, errors } = await openPage('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await htmlLangDir(page)).toEqual(['ar', 'rtl']);
    expect(await stored(page, 'i18nextLng')).toBe('ar');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('وقّع');
    expect(errors).toEqual([]);
  });

  it('switches to English, left to right, and keeps it after a reload', async () => {
    const { page } = await openPage('/');
    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(await htmlLangDir(page)).toEqual(['en', 'ltr']);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Sign documents electronically/ }).waitFor();
    expect(await htmlLangDir(page)).toEqual(['en', 'ltr']);
    expect(await stored(page, 'i18nextLng')).toBe('en');
  });

  it('keeps the chosen theme after a reload', async () => {
    const { page } = await openPage('/?lng=en');
    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain(
      'tawqi-theme-dark',
    );
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain(
      'tawqi-theme-dark',
    );
    expect(await stored(page, 'tawqi-ui-theme')).toBe('dark');
  });
});

describe('routes (SPEC §2)', () => {
  it('shows not-found for a path that is no route', async () => {
    const { page } = await openPage('/no/such/page?lng=en');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });

  // One test per page and language, each with its own time budget (a loaded machine took more
  // than a minute for all of them in one test).
  describe.each(['ar', 'en'])('every public route in %s', (language) => {
    it.each(PUBLIC_ROUTES)('renders %s without console errors', async (path) => {
      const { page, errors } = await openPage(`${path}?lng=${language}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(errors).toEqual([]);
      // The server runs in demo mode here, and every page says so.
      expect(
        await page
          .getByRole('complementary', {
            name: language === 'ar' ? 'وضع العرض التجريبي' : 'Demo mode',
          })
          .count(),
      ).toBe(1);
    });
  });

  it('shows the live plans with the server’s VAT', async () => {
    const { page } = await openPage('/plans-pricing?lng=en');
    await page.getByRole('heading', { name: 'Professional' }).waitFor();
    expect(await page.getByText(/include VAT of 15%/).count()).toBe(1);
    // The comparison: price before VAT, VAT, total, and what one of its 50 transactions costs.
    const row = page.getByRole('row', { name: /^Professional/ });
    const cells = await row.getByRole('cell').allTextContents();
    // (Amounts keep "SAR" and the number together with a no-break space.)
    expect(cells.map((cell) => cell.replace(/\s/gu, ' '))).toEqual([
      '50',
      '12 months',
      'SAR 399.00',
      'SAR 59.85',
      'SAR 458.85',
      'SAR 9.18',
    ]);
  });
});

describe('signing in and out (SPEC §1, §2, §4)', () => {
  it('signs in through the identity app’s phone, lands on the dashboard, and signs out clearing storage', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, NOURA);
    await page.waitForURL('**/app/my/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('complementary', { name: 'Demo mode' }).waitFor();
    expect(await stored(page, 'refreshToken')).toBeTruthy();
    // Signed in, the sign-in page has nothing to offer: back to the dashboard, after a reload too.
    await page.goto('/app/login?lng=en');
    await page.waitForURL('**/app/my/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await stored(page, 'deviceId')).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Noura Al-Otaibi' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/login');
    expect(await stored(page, 'refreshToken')).toBeNull();
    expect(await stored(page, 'lastActivity')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('signs in with a one-time code read from the outbox, as an enrolment admin lands on the organization dashboard', async () => {
    const { page } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'sara');
    await page.waitForURL('**/app/org/dashboard');
    await page.getByRole('button', { name: 'Sara Al-Qahtani' }).waitFor();
  });

  it('sends a signed-out visitor of an app page to sign in, and back there after with its query', async () => {
    const { page } = await openPage('/app/my/devices?lng=en');
    // The query comes back too.
    await page.waitForURL(/\/app\/login\?from=%2Fapp%2Fmy%2Fdevices%3Flng%3Den$/);
    await signInWithNafath(page, MOHAMMED);
    await page.waitForURL('**/app/my/devices?lng=en');
  });

  it('restores the session from the refresh token after a reload (auth-check)', async () => {
    const { page } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, NOURA);
    await page.waitForURL('**/app/my/dashboard');
    const before = await stored(page, 'refreshToken');
    await page.goto('/app/my/account');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(page.url()).toContain('/app/my/account');
    expect(await stored(page, 'refreshToken')).not.toBe(before);
  });

  it('shows the server’s message when the identity app refuses', async () => {
    const { page } = await openPage('/app/login?lng=en');
    await page.getByLabel('National ID or Iqama number').fill('12345');
    await page.getByRole('button', { name: 'Sign in with Nafath' }).click();
    await page.getByText('Enter a valid national ID of 10 digits.').waitFor();
  });
});

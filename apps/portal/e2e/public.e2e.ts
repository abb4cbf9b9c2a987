/**
 * The public site a buyer reads (issue 12): buying a plan from the pricing page opens that plan
 * once signed in, and the legal footer (company numbers, subscriber agreement, privacy notice) is
 * on every kind of page without a route of its own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BRAND_NAMES, latinWordsIn } from '../src/stories/latinWords.js';
import {
  MOHAMMED,
  PUBLIC_ROUTES,
  openPage,
  overflow,
  reviewShot,
  signInWithNafath,
} from './browser.js';

const run = promisify(execFile);

describe('the public site', () => {
  it('opens the plan chosen on the pricing page after signing in', async () => {
    const { page, errors } = await openPage('/plans-pricing?lng=en');
    await page.getByRole('button', { name: 'Buy Business' }).click();
    await page.waitForURL('**/app/login**');
    await signInWithNafath(page, MOHAMMED);
    const dialog = page.getByRole('dialog', { name: 'Buy Business' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Quantity: Business').inputValue()).toBe('1');
    // The app's pages have the legal footer too.
    expect(await page.getByRole('button', { name: 'Privacy notice' }).count()).toBe(1);
    // The choice is not kept in the address: going back there does not open it again.
    await page.waitForURL((url) => url.pathname === '/app/my/esign/buy/plans' && !url.search);
    expect(errors).toEqual([]);
  });

  it('shows the company’s numbers and the legal documents on public, sign-in and app pages', async () => {
    for (const path of ['/?lng=en', '/app/login?lng=en', '/organization?lng=en']) {
      const { page, context } = await openPage(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const footer = page.locator('footer');
      expect(await footer.textContent()).toContain('Commercial registration 1010123456');
      expect(await footer.textContent()).toContain('VAT number 310123456700003');
      await footer.getByRole('button', { name: 'Privacy notice' }).click();
      const dialog = page.getByRole('dialog', { name: 'Privacy notice' });
      await dialog.getByRole('heading', { name: 'Your rights' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    }
  });

  it('leads organizations to sign-up, and calls nothing built "coming soon" (issue 38)', async () => {
    const { page } = await openPage('/organization?lng=ar', { width: 360, height: 740 });
    await page.getByRole('link', { name: 'قدّم طلب حساب منشأة' }).first().waitFor();
    expect(await overflow(page)).toBe(0);
    await reviewShot(page, 'organization-360-ar');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'قدّم طلب حساب منشأة' }).first().click();
    await page.waitForURL('**/create-account');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Every page that sells to organizations (the offers on the others) leads there too.
    // (Waited for: the page's screen loads after its address.)
    for (const path of ['/', '/features', '/individual']) {
      await page.goto(`${path}?lng=en`);
      await page.getByRole('link', { name: 'Apply for an organization account' }).first().waitFor();
    }
    // Nothing on the public site says "coming soon", in either language.
    for (const path of PUBLIC_ROUTES)
      for (const language of ['en', 'ar']) {
        await page.goto(`${path}?lng=${language}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.locator('body').innerText(), `${path} ${language}`).not.toMatch(
          /coming soon|قريبًا|قادمة قريب|when launched|عند الإطلاق/i,
        );
      }
  });

  it('publishes the certification authority’s repository: its certificates check out with openssl', async () => {
    const { page, errors } = await openPage('/digital-certificate?lng=en');
    const repository = page.getByRole('region', { name: 'Repository' });
    await repository.getByRole('heading', { name: 'Root certificate' }).waitFor();
    await repository.getByText('A signatory of an organization').waitFor();
    const saved: string[] = [];
    for (const name of ['Download the Root certificate', 'Download the Issuing certificate']) {
      const downloaded = page.waitForEvent('download');
      await repository.getByRole('link', { name }).click();
      const file = await downloaded;
      const path = join(mkdtempSync(join(tmpdir(), 'tawqi-repo-')), file.suggestedFilename());
      await file.saveAs(path);
      saved.push(path);
    }
    // Served as DER (application/pkix-cert, as RFC 5280's AIA asks); openssl verify reads PEM.
    const [root, issuing] = await Promise.all(
      saved.map(async (path) => {
        await run('openssl', ['x509', '-inform', 'DER', '-in', path, '-out', `${path}.pem`]);
        return `${path}.pem`;
      }),
    );
    // The issuing CA verifies under the root, and the page shows the root's real fingerprint.
    const verified = await run('openssl', ['verify', '-CAfile', root as string, issuing as string]);
    expect(verified.stdout).toContain(': OK');
    const fingerprint = await run('openssl', [
      'x509',
      '-in',
      root as string,
      '-noout',
      '-fingerprint',
      '-sha256',
    ]);
    const hex = fingerprint.stdout.split('=')[1]?.replaceAll(':', '').trim() ?? '';
    await repository.getByText(hex).waitFor();
    // The root's ARL, for the CAs under it, is listed and signed by the root.
    const arl = page.waitForEvent('download');
    await repository
      .getByRole('link', { name: 'Download the root’s revocation list for its CAs (ARL)' })
      .click();
    const arlPath = join(mkdtempSync(join(tmpdir(), 'tawqi-repo-')), 'root.crl');
    await (await arl).saveAs(arlPath);
    const checked = await run('openssl', [
      'crl',
      '-inform',
      'DER',
      '-in',
      arlPath,
      '-noout',
      '-CAfile',
      root as string,
    ]);
    expect(`${checked.stdout}${checked.stderr}`).toContain('verify OK');
    expect(errors).toEqual([]);
  });

  it('serves the policy and practice statement’s outline and the disclosure statement, in both languages', async () => {
    // A qualified certificate names the disclosure statement's address (QcPDS): the page opens at it.
    const { page, errors } = await openPage('/digital-certificate?document=disclosure&lng=ar');
    const disclosure = page.getByRole('dialog', {
      name: 'بيان الإفصاح عن البنية التحتية للمفاتيح العامة',
    });
    await disclosure.getByRole('heading', { name: 'تحقق الطرف المعتمد' }).waitFor();
    expect(await disclosure.evaluate(latinWordsIn, BRAND_NAMES)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/digital-certificate?lng=en');
    const repository = page.getByRole('region', { name: 'Repository' });
    await repository.getByRole('button', { name: 'Certificate policy (CP/CPS)' }).click();
    const policy = page.getByRole('dialog', {
      name: 'Certificate policy and practice statement (outline)',
    });
    // RFC 3647's nine parts, each saying what is the operator's to complete.
    for (const part of [
      '1. Introduction',
      '6. Technical security controls',
      '9. Other business and legal matters',
    ])
      await policy.getByRole('heading', { name: part }).waitFor();
    expect(
      await policy.getByText('To be completed by the operator', { exact: false }).count(),
    ).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });
});

/**
 * A person's digital signature certificate end to end in Chromium (issue 18): bought and paid at
 * the gateway's simulator, the key made in the page (WebCrypto) and kept across a reload, the
 * subscriber agreement accepted and the request confirmed on the identity app's phone page,
 * issued; the certificate with its chain verified by openssl, the PKCS#12 file the page made
 * opened by openssl with its password; revoked after a second confirmation.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  approveOnPhone,
  enrolWithNafath,
  nationalIdOf,
  openPage,
  signInWithNafath,
  overflow,
} from './browser.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tawqi-e2e-dsc-'));

/** Presses a button and keeps the file it downloads; answers its name and path. */
async function download(page: Page, button: string): Promise<{ name: string; path: string }> {
  const downloaded: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await downloaded;
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

describe('a person’s certificate', () => {
  it('is bought, keyed in the browser, confirmed, issued, downloaded and revoked', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    const { nationalId } = await enrolWithNafath(page);
    await page.waitForURL('**/app/my/dashboard');

    // Buy: the product, what is paid, the gateway.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My certificates' })
      .click();
    await page.getByText('You have no certificates yet.').waitFor();
    await page.getByRole('link', { name: 'Buy a certificate' }).first().click();
    await page.getByRole('button', { name: 'Buy Individual signing certificate, 1 year' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pay for this certificate?' });
    await confirm.getByText('SAR 172.50').waitFor();
    await confirm.getByRole('button', { name: 'Go to payment' }).click();
    await page.waitForURL('**/simulators/gateway/pay/**');
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();

    // The next step is the certificate's (issue 38: it pointed to the plans).
    expect(await page.getByRole('link', { name: 'See my plans' }).count()).toBe(0);
    await page.getByText('Your certificate is not issued yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: "Make my certificate's key" }).click();
    await page.waitForURL('**/app/my/dsc/manage');

    // The key, made in this page; the request waits for confirmation, and a reload loses nothing.
    const request = page.getByRole('region', { name: 'Requests in progress' });
    await request.getByText('Waiting for your key').waitFor();
    await request.getByRole('button', { name: 'Make my key' }).click();
    await request.getByText('Waiting for your confirmation').waitFor();
    await page.reload();
    await request.getByText('then confirm the request in Nafath', { exact: false }).waitFor();

    // Confirmed in the identity app after accepting the agreement: issued.
    await request.getByText('I have read and accept the subscriber agreement.').click();
    await request.getByRole('button', { name: 'Confirm in Nafath' }).click();
    await approveOnPhone(page, nationalId);
    await page.getByText('Your certificate was issued.').waitFor();
    const held = page.getByRole('region', { name: 'Issued certificates' });
    await held.getByText('Valid', { exact: true }).waitFor();
    expect(await request.count()).toBe(0);
    await held.getByText('Kept in this browser').waitFor();

    // The certificate and its chain: openssl verifies the leaf against the root.
    const chain = await download(page, 'Certificate and chain (PEM)');
    expect(chain.name).toMatch(/^[0-9A-F]+-chain\.pem$/);
    const pems = readFileSync(chain.path, 'utf8').match(
      /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g,
    );
    expect(pems).toHaveLength(3);
    const [leaf, issuing, root] = (pems ?? []).map((pem, index) => {
      const path = join(dir, `part-${String(index)}.pem`);
      writeFileSync(path, pem);
      return path;
    });
    const verified = await run('openssl', [
      'verify',
      '-CAfile',
      root as string,
      '-untrusted',
      issuing as string,
      leaf as string,
    ]);
    expect(verified.stdout).toContain(': OK');
    const subject = await run('openssl', ['x509', '-in', leaf as string, '-noout', '-subject']);
    expect(subject.stdout).toContain(nationalId);

    // The PKCS#12 file made in the page: a short password is refused, then saved and opened.
    await held.getByRole('button', { name: 'Save with private key (.p12)' }).click();
    const saving = page.getByRole('dialog', { name: 'Save your certificate with its private key' });
    await saving.getByLabel('Password', { exact: true }).fill('short');
    await saving.getByLabel('Repeat the password').fill('short');
    await saving.getByRole('button', { name: 'Save the file' }).click();
    await saving.getByText('Use at least 12 characters.').waitFor();
    // Long enough but easy to guess: the meter says so, and the file is not made.
    await saving.getByLabel('Password', { exact: true }).fill('passwordpassword');
    await saving.getByLabel('Repeat the password').fill('passwordpassword');
    await saving.getByRole('button', { name: 'Save the file' }).click();
    await saving.getByText('This password is easy to guess.', { exact: false }).waitFor();
    await saving.getByText('Very weak').waitFor();
    await saving.getByLabel('Password', { exact: true }).fill('tawqi e2e: a cedar by the wadi');
    await saving.getByLabel('Repeat the password').fill('tawqi e2e: a cedar by the wadi');
    const p12 = await download(page, 'Save the file');
    expect(p12.name).toMatch(/\.p12$/);
    const opened = await run('openssl', [
      'pkcs12',
      '-in',
      p12.path,
      '-nodes',
      '-passin',
      'pass:tawqi e2e: a cedar by the wadi',
    ]);
    expect(opened.stdout).toContain('-----BEGIN PRIVATE KEY-----');
    expect(opened.stdout.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(3);

    // On a phone, in Arabic, the certificate with its facts and files fits the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/my/dsc/manage?lng=ar');
    const heldArabic = page.getByRole('region', { name: 'الشهادات الصادرة' });
    await heldArabic.getByText('ساري', { exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/app/my/dsc/manage?lng=en');

    // Revoked with a reason after a second confirmation.
    await held.getByRole('button', { name: 'Revoke' }).click();
    const revoking = page.getByRole('dialog', { name: 'Revoke this certificate?' });
    await revoking.getByRole('button', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'I no longer need it' }).click();
    await revoking.getByRole('button', { name: 'Revoke and confirm in Nafath' }).click();
    await approveOnPhone(page, nationalId);
    await page.getByText('The certificate was revoked.').waitFor();
    await held.getByText('Revoked', { exact: true }).waitFor();
    expect(await held.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('is asked for by a member for their organization, approved by its enrolment admin, then confirmed and issued', async () => {
    // Reem is an Organization User of Jeddah Logistics (320); Khalid is its Enrolment Admin.
    const reemId = nationalIdOf('100000012');
    const member = await openPage('/app/login?lng=en');
    await signInWithNafath(member.page, reemId);
    await member.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await member.page.goto('/app/my/dsc/manage');
    const asking = member.page.getByRole('region', { name: 'Certificates for your organizations' });
    await asking
      .getByRole('button', { name: 'Ask for a certificate for Jeddah Logistics Est.' })
      .click();
    const request = member.page.getByRole('region', { name: 'Requests in progress' });
    await request.getByText('Jeddah Logistics Est.').waitFor();
    await request.getByRole('button', { name: 'Make my key' }).click();
    await request.getByText('Waiting for approval').waitFor();
    await request
      .getByText("Your organization's enrolment admin is reviewing this request.")
      .waitFor();

    // The admin approves it from the certificate approvals.
    const admin = await openPage('/app/login?lng=en');
    await signInWithNafath(admin.page, nationalIdOf('100000010'));
    await admin.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await admin.page.goto('/app/org/approval/dsc');
    const grid = admin.page.getByRole('grid', { name: 'Certificate requests' });
    const row = grid.getByRole('row').filter({ hasText: 'Reem Al-Dosari' });
    await row.getByRole('button', { expanded: false }).click();
    await grid.getByRole('button', { name: /^Approve/ }).click();
    await admin.page
      .getByText('The request was approved. Its member can now confirm it.')
      .waitFor();

    // The member confirms it in the identity app: issued, naming the organization.
    await member.page.reload();
    await request.getByText('I have read and accept the subscriber agreement.').click();
    await request.getByRole('button', { name: 'Confirm in Nafath' }).click();
    await approveOnPhone(member.page, reemId);
    await member.page.getByText('Your certificate was issued.').waitFor();
    const held = member.page.getByRole('region', { name: 'Issued certificates' });
    await held.getByText('Organization', { exact: true }).waitFor();

    // The admin's report lists it as valid.
    await admin.page.goto('/app/org/reports/dsc');
    const report = admin.page.getByRole('grid', { name: 'DSC report' });
    await expect
      .poll(() => report.getByRole('row').filter({ hasText: 'Reem Al-Dosari' }).count())
      .toBe(1);
    expect(member.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});

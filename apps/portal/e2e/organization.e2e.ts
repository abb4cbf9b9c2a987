/**
 * The first organization screens on the tenant foundation (issue 13, item 9), against the real
 * server and its seeded world, in Chromium: the Enrolment Admin's dashboard in both languages and
 * on a phone; a member of two organizations who is not an admin: the area's index shows the
 * profile, the dashboard says "no access", and switching organization moves every screen to the
 * other one, which stays chosen after a reload.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  approveOnPhone,
  exportedFile,
  freshNationalId,
  MAJED,
  OMAR,
  openPage,
  signInWithCode,
  signInWithNafath,
  overflow,
  reviewShot,
} from './browser.js';

/** A letter as a person scans one: a small, real PDF. */
const LETTER = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

describe('the organization area', () => {
  it('shows the Enrolment Admin the dashboard of their organization (Majed, 314), in English and Arabic', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'majed');
    await page.waitForURL('**/app/org/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Organization dashboard' }).waitFor();
    const users = page.getByRole('region', {
      name: 'Members (Approved or Deactivated)',
      exact: true,
    });
    // Organization 314 of the demo world: over a thousand users (grouped digits).
    await expect.poll(() => users.textContent()).toMatch(/1,\d{3}/);
    const recent = page.getByRole('grid', { name: 'Latest transactions' });
    await expect.poll(() => recent.getByRole('row').count()).toBe(6);
    expect(await recent.getByRole('row').nth(1).textContent()).toContain('ES-314-');
    await page.getByRole('meter', { name: 'eSign counter balance' }).waitFor();

    await page.goto('/app/org/dashboard?lng=ar');
    await page.getByRole('heading', { level: 1, name: 'لوحة معلومات المنشأة' }).waitFor();
    // Arabic digits only: the figures go through the locale's formatter.
    const arabicUsers = page.getByRole('region', { name: 'الأعضاء (معتمد أو معطّل)', exact: true });
    await expect.poll(() => arabicUsers.textContent()).toMatch(/[١-٩][٠-٩]{0,2}٬[٠-٩]{3}/);
    for (const figure of await page.locator('section[aria-label]').all())
      expect(await figure.textContent()).not.toMatch(/[0-9]/);
    expect(errors).toEqual([]);
  });

  it('fits a phone, and a 1366 px desktop with every status whole', async () => {
    const { page } = await openPage('/app/login?lng=en', { width: 360, height: 780 });
    await signInWithCode(page, 'majed');
    await page.waitForURL('**/app/org/dashboard');
    for (const path of [
      '/app/org/dashboard?lng=ar',
      '/app/org/orgProfile?tab=admins',
      '/app/org/orgProfile?tab=details&lng=en',
      '/app/org/esign/transactions?lng=ar',
      '/app/org/manage/users?lng=ar',
      '/app/org/approval/user?lng=ar',
      '/app/org/manage/users/uav?lng=ar',
      '/app/org/manage/users/uav/createuav?lng=en',
      '/app/org/reports/esign?lng=ar',
      '/app/org/reports/roles?lng=ar',
      '/app/org/buy/esign/plans?lng=ar',
      '/app/org/buy/esign/plans/buycounter?lng=ar',
      '/app/org/buy/role/plans?lng=en',
      '/app/org/buy/role/plans/buyOrgPlan?lng=en',
      '/app/org/purchase/special/plan?lng=ar',
      '/app/org/purchase/special/plan/buyspecialplan?lng=ar',
      '/app/org/purchase/requests?lng=ar',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
      expect(await overflow(page), path).toBe(0);
    }
    // On a 1366 px desktop beside the menu, in both languages, every grid within its frame and
    // every status whole (the same sign-in: the demo admin's codes are counted per hour).
    await page.setViewportSize({ width: 1366, height: 900 });
    const cut: string[] = [];
    for (const language of ['en', 'ar'])
      for (const path of [
        '/app/org/purchase/special/plan',
        '/app/org/purchase/requests',
        '/app/org/manage/users',
        '/app/org/approval/user',
        '/app/org/esign/transactions',
      ]) {
        await page.goto(`${path}?lng=${language}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('grid').first().waitFor();
        await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
        // The special plans always have some (the demo's and the requests tests make).
        if (path.endsWith('/special/plan'))
          await page.locator('[role=grid] [data-tone]').first().waitFor();
        cut.push(...(await cutInGrids(page)).map((what) => `${path} in ${language}: ${what}`));
        if (path.endsWith('/special/plan'))
          await reviewShot(page, `special-plans-1366-${language}`);
      }
    expect(cut).toEqual([]);
  });

  it('follows the active organization: profile for a member, no dashboard, switching moves every screen', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    // Reem: Authorized Signatory of 314, Organization User of 320; not an admin, so she lands on
    // her own dashboard.
    await signInWithCode(page, 'reem');
    await page.waitForURL('**/app/my/dashboard');
    await page.goto('/app/org');
    await page.getByRole('heading', { level: 1, name: 'Organization profile' }).waitFor();
    await page.getByText('Riyadh Trading Company').first().waitFor();
    const units = page.getByRole('grid', { name: 'Organization units' });
    await expect.poll(() => units.getByRole('row').count()).toBe(5);

    await page.getByRole('tab', { name: 'Organization details' }).click();
    await page.waitForURL('**/app/org?tab=details');
    await page.getByText('SIP-408').waitFor();

    await page.goto('/app/org/dashboard');
    await page.getByRole('heading', { name: 'You don’t have access to this' }).waitFor();

    // Switch to 320: the profile is Jeddah Logistics' now, and stays so after a reload.
    await page.goto('/app/org/orgProfile?tab=details');
    await page.getByText('SIP-408').waitFor();
    await page.getByRole('button', { name: /Active organization/ }).click();
    await page.getByRole('option', { name: 'Jeddah Logistics Est.' }).click();
    await page.getByText('L2-500').waitFor();
    await page.reload();
    await page.getByText('L2-500').waitFor();
    expect(await page.getByRole('main').textContent()).not.toContain('Riyadh Trading Company');
    expect(errors).toEqual([]);
  });

  it('reports the eSign counters per plan and the role seats: the figures are the dashboard’s, and each export is its grid', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'khalid');
    await page.waitForURL('**/app/org/dashboard');
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/app/org/reports/esign');
    await page
      .getByRole('heading', { level: 1, name: 'eSign counter deduction summary' })
      .waitFor();
    const grid = page.getByRole('grid', { name: 'eSign counter deduction summary' });
    // The demo world: three active plans and one expired.
    await expect.poll(() => grid.getByRole('row').count()).toBe(5);

    await page.goto('/app/org/reports/esign?status=active');
    await expect.poll(() => grid.getByRole('row').count()).toBe(4);
    const headers = await grid.getByRole('columnheader').allTextContents();
    const column = headers.indexOf('Remaining');
    const remaining = await grid
      .getByRole('row')
      .evaluateAll(
        (rows, index) =>
          rows
            .slice(1)
            .map((row) => Number((row.children[index]?.textContent ?? '').replace(/\D/g, ''))),
        column,
      );
    // The card's figure (its second paragraph, after the label): what the active plans have left.
    const balance = page.getByRole('region', { name: 'eSign counter balance' }).locator('p').nth(1);
    await expect
      .poll(async () => Number(((await balance.textContent()) ?? '').replace(/\D/g, '')))
      .toBe(remaining.reduce((sum, value) => sum + value, 0));

    const file = await exportedFile(page, 'Export to Excel');
    expect(file.fileName).toBe('eSign_Counter_Deduction_Summary.xlsx');
    expect(file.column('Remaining').map(Number)).toEqual(remaining);
    expect(new Set(file.column('Status'))).toEqual(new Set(['Active']));

    // The role seats: the same figures as the dashboard's role counters.
    await page.goto('/app/org/dashboard');
    const roles = page.getByRole('grid', { name: 'Role counters' });
    const signatories = roles.getByRole('row', { name: /Authorized Signatory/ });
    await signatories.waitFor();
    const free = ((await signatories.getByRole('gridcell').last().textContent()) ?? '').trim();
    await page.goto('/app/org/reports/esign');
    await page.getByRole('link', { name: 'Role counter deduction summary' }).click();
    await page.waitForURL('**/app/org/reports/roles');
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'Authorized Signatory', exact: true }).textContent(),
      )
      .toContain(`${free} seats free`);
    const history = page.getByRole('grid', { name: 'Seats received' });
    await expect.poll(() => history.getByRole('row').count()).toBe(4);
    const packs = await history
      .getByRole('rowheader')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent));
    const seats = await exportedFile(page, 'Export to Excel');
    expect(seats.fileName).toBe('ESign_Role_Counter_Deduction_Summary_Report.xlsx');
    expect(seats.sheetNames[0]).toBe('Role seats');
    expect(seats.column('Pack')).toEqual(packs);
    expect(errors).toEqual([]);
  });

  it('lists the organization’s eSign transactions, filtered from the URL, and exports every row of the filter in Arabic', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'majed');
    await page.waitForURL('**/app/org/dashboard');
    // From the dashboard's link to the full list.
    await page.getByRole('link', { name: 'All transactions' }).click();
    await page.waitForURL('**/app/org/esign/transactions');
    const grid = page.getByRole('grid', { name: 'eSign transactions' });
    await expect.poll(() => grid.getByRole('row').count()).toBe(11);
    expect(await grid.getByRole('row').nth(1).textContent()).toContain('ES-314-');

    await page.goto('/app/org/esign/transactions?status=failed&lng=ar');
    const arabicGrid = page.getByRole('grid', { name: 'عمليات التوقيع الإلكتروني' });
    await expect.poll(() => arabicGrid.getByRole('row').count()).toBe(11);
    const cells = await arabicGrid
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.slice(1).map((row) => [...row.querySelectorAll('bdi')].map((bdi) => bdi.textContent)),
      );
    const shownIds = cells.map((row) => row.find((text) => text.startsWith('ES-314-')) ?? '');
    expect(shownIds.every((id) => id.startsWith('ES-314-'))).toBe(true);

    const file = await exportedFile(page, 'تصدير إلى Excel');
    expect(file.fileName).toBe('ESign_Transactions.xlsx');
    const ids = file.column('رقم العملية');
    const statuses = new Set(file.column('الحالة'));
    // Every failed transaction of 314 (thousands: more than one batch), the grid's first page first.
    expect(ids.length).toBeGreaterThan(1000);
    expect(ids.slice(0, 10)).toEqual(shownIds);
    expect(ids.every((id) => id.startsWith('ES-314-'))).toBe(true);
    expect([...statuses]).toEqual(['فاشلة']);
    expect(errors).toEqual([]);
  });

  it('manages the organization’s users: filters by unit and state from the URL, opens a member, exports the filter', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'majed');
    await page.waitForURL('**/app/org/dashboard');
    await page.getByRole('link', { name: 'Manage users' }).first().click();
    await page.waitForURL('**/app/org/manage/users');
    const grid = page.getByRole('grid', { name: 'Organization users' });
    await expect.poll(() => grid.getByRole('row').count()).toBe(11);

    // The unit filter: Finance only, in the URL, back on page 1.
    await page.getByRole('button', { name: /Organization unit/ }).click();
    await page.getByRole('option', { name: 'Finance' }).click();
    await page.waitForURL(/unit=\d+/);
    await expect
      .poll(async () =>
        (await grid.getByRole('row').allTextContents())
          .slice(1)
          .every((row) => row.includes('Finance')),
      )
      .toBe(true);

    // A member's detail under their row.
    await grid.getByRole('button', { expanded: false }).first().click();
    await grid.getByText('National ID').waitFor();
    await expect.poll(() => grid.getByText(/^\*{6}\d{4}$/).count()).toBe(1);

    // The same filter, in Arabic, exported.
    await page.goto(
      `${new URL(page.url()).pathname}${new URL(page.url()).search}&active=active&lng=ar`,
    );
    const arabicGrid = page.getByRole('grid', { name: 'مستخدمو المنشأة' });
    await expect.poll(() => arabicGrid.getByRole('row').count()).toBe(11);
    const shown = await arabicGrid.getByRole('row').evaluateAll((rows) =>
      rows
        .slice(1)
        .map((row) => [...row.querySelectorAll('bdi')].map((bdi) => bdi.textContent))
        .map((texts) => texts.find((text) => text.startsWith('EMP-')) ?? ''),
    );
    const file = await exportedFile(page, 'تصدير إلى Excel');
    expect(file.fileName).toBe('ManageOrganizationUsers.xlsx');
    const ids = file.column('الرقم الوظيفي');
    const units = new Set(file.column('الوحدة التنظيمية'));
    const active = new Set(file.column('نشط'));
    expect(ids.slice(0, 10)).toEqual(shown);
    expect([...units]).toEqual(['الإدارة المالية']);
    expect([...active]).toEqual(['نعم']);
    expect(errors).toEqual([]);
  });

  it('decides new-user requests: a rejection needs remarks, each decision leaves the open list', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'majed');
    await page.waitForURL('**/app/org/dashboard');
    await page.goto('/app/org/approval/user?status=Pending');
    const grid = page.getByRole('grid', { name: 'New users' });
    await expect.poll(() => grid.getByRole('row').count()).toBeGreaterThan(2);
    const firstName = async () => (await grid.getByRole('rowheader').first().textContent()) ?? '';
    const rejected = await firstName();

    await grid.getByRole('button', { expanded: false }).first().click();
    await grid.getByRole('button', { name: `Reject ${rejected}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText('Write why the request is rejected.').waitFor();
    await dialog.getByRole('textbox', { name: /Remarks/ }).fill('The employee ID is not ours.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Rejected: the person is told why.').waitFor();
    // Decided, so no longer in the open list.
    await expect.poll(firstName).not.toBe(rejected);

    const approved = await firstName();
    await grid.getByRole('button', { expanded: false }).first().click();
    await grid.getByRole('button', { name: `Approve ${approved}` }).click();
    await page.getByText('Approved: the person can sign in as a member now.').waitFor();
    await expect.poll(firstName).not.toBe(approved);

    // The open list's export holds the grid's rows, in its order.
    const names = await grid.getByRole('rowheader').allTextContents();
    const file = await exportedFile(page, 'Export to Excel');
    expect(file.fileName).toBe('OrganizationUserNewRequest.xlsx');
    expect(file.column('Name').slice(0, names.length)).toEqual(names);

    // Both decisions in the full list, with their words.
    await page.goto('/app/org/approval/user?status=Approved,Rejected');
    await grid
      .getByRole('row', { name: new RegExp(rejected) })
      .getByText('Rejected')
      .waitFor();
    await grid
      .getByRole('row', { name: new RegExp(approved) })
      .getByText('Approved')
      .waitFor();

    // A member's change: what is and what is asked for, approved from its own tab.
    await page.getByRole('tab', { name: 'Change requests' }).click();
    await page.waitForURL('**/app/org/approval/user?tab=changes');
    await page.goto('/app/org/approval/user?tab=changes&status=Pending');
    const changes = page.getByRole('grid', { name: 'Change requests' });
    await expect.poll(() => changes.getByRole('row').count()).toBeGreaterThan(1);
    const changed = (await changes.getByRole('rowheader').first().textContent()) ?? '';
    await changes.getByRole('button', { expanded: false }).first().click();
    await changes.getByText('Asked for').waitFor();
    await changes.getByRole('button', { name: `Approve ${changed}` }).click();
    await page.getByText('Approved: the change is made.').waitFor();
    expect(errors).toEqual([]);
  });

  it('adds a person: verified on their phone, approved by a second admin, a member who signs in, whose new e-mail is a change request', async () => {
    const person = freshNationalId();
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'sara');
    await page.waitForURL('**/app/org/dashboard');
    await page.goto('/app/org/manage/users');
    await page.getByRole('button', { name: 'Add a user' }).click();
    await page.waitForURL('**/app/org/manage/users/uav/createuav');

    // The person approves on their own phone, picking the number the admin shows them.
    await page.getByLabel('National ID or Iqama number').fill(person);
    await page.getByRole('button', { name: 'Verify with Nafath' }).click();
    await page.getByText('Ask the person to open the Nafath app').waitFor();
    await approveOnPhone(page, person);
    await page.getByRole('heading', { name: '2. Their membership' }).waitFor();
    const confirmed = page.getByRole('region', { name: 'The person, as Nafath confirmed' });
    const name = ((await confirmed.locator('dd').first().textContent()) ?? '').trim();
    expect(name).toMatch(/^[A-Z][a-z]+ [A-Z]/);

    // Nothing is sent with fields missing; then the membership is completed and sent.
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('Enter the employee ID.').waitFor();
    await page.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Authorized Signatory' }).click();
    await page.getByRole('button', { name: /Organization unit/ }).click();
    await page.getByRole('option', { name: 'Finance' }).click();
    await page.getByLabel('Employee ID').fill('EMP-E2E-1');
    await page.getByLabel('Work email').fill('new.signatory@riyadhtrading.sa');
    await page.getByLabel('Mobile').fill('0551230000');
    // The authorization letter goes with the request: uploaded, then listed before sending.
    const documents = page.getByRole('group', { name: 'Supporting documents' });
    await documents.locator('input[type="file"]').setInputFiles({
      name: 'authorization letter.pdf',
      mimeType: 'application/pdf',
      buffer: LETTER,
    });
    await documents
      .getByRole('list', { name: 'Documents to send with the request' })
      .getByText('authorization letter.pdf')
      .waitFor();
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.waitForURL(/\/app\/org\/manage\/users\/uav\/viewuav\?id=\d+/);
    const request = page.getByLabel(`Request to add ${name}`);
    await request.getByText('Pending').waitFor();
    await request.getByText('Sara Al-Qahtani').waitFor();
    await request.getByText('authorization letter.pdf').waitFor();

    // Sara made it, so Majed decides it.
    const second = await openPage('/app/login?lng=en');
    await signInWithNafath(second.page, MAJED);
    await second.page.waitForURL('**/app/org/dashboard');
    await second.page.goto('/app/org/approval/user?status=Pending');
    const grid = second.page.getByRole('grid', { name: 'New users' });
    const row = grid.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { expanded: false }).click();
    // Majed reads the letter before deciding: the same bytes, under the name Sara gave it.
    const downloaded = second.page.waitForEvent('download');
    await grid.getByRole('button', { name: 'Download authorization letter.pdf' }).click();
    const letter = await downloaded;
    expect(letter.suggestedFilename()).toBe('authorization letter.pdf');
    expect((await readFile(await letter.path())).equals(LETTER)).toBe(true);
    await grid.getByRole('button', { name: `Approve ${name}` }).click();
    await second.page.getByText('Approved: the person can sign in as a member now.').waitFor();

    // The new member signs in and finds the organization, without the admins' screens.
    const member = await openPage('/app/login?lng=en');
    await signInWithNafath(member.page, person);
    await member.page.waitForURL('**/app/my/dashboard');
    await member.page.goto('/app/org');
    await member.page.getByRole('heading', { level: 1, name: 'Organization profile' }).waitFor();
    await member.page.getByText('Riyadh Trading Company').first().waitFor();
    expect(await member.page.getByRole('link', { name: 'Manage users' }).count()).toBe(0);

    // Sara's list shows the decision and who made it.
    await page.goto('/app/org/manage/users/uav?status=Approved');
    const requests = page.getByRole('grid', { name: 'New user requests' });
    const decided = requests.getByRole('row', { name: new RegExp(name) });
    await decided.getByText('Approved').waitFor();
    await decided.getByText('Majed Al-Otaibi').waitFor();

    // A new e-mail for the member is a change request: Sara asks, Majed approves, it is made.
    await page.goto(`/app/org/manage/users?q=${encodeURIComponent(name)}`);
    const users = page.getByRole('grid', { name: 'Organization users' });
    await users
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button')
      .first()
      .click();
    await users.getByRole('button', { name: `Change email: ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New email').fill('signatory.desk@riyadhtrading.sa');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText(/^Sent for approval/).waitFor();
    await users.getByText('An email change awaits approval.').waitFor();

    await second.page.goto('/app/org/approval/user?tab=changes&status=Pending');
    const changes = second.page.getByRole('grid', { name: 'Change requests' });
    await changes
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button')
      .first()
      .click();
    await changes.getByText('signatory.desk@riyadhtrading.sa').waitFor();
    await changes.getByRole('button', { name: `Approve ${name}` }).click();
    await second.page.getByText('Approved: the change is made.').waitFor();

    await page.reload();
    await users
      .getByRole('row', { name: new RegExp(name) })
      .getByText('signatory.desk@riyadhtrading.sa')
      .waitFor();
    expect([...errors, ...second.errors, ...member.errors]).toEqual([]);
  });

  it('buys eSign counters and role seats through the gateway: the grids, the report and the dashboard have them, the export is its grid', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    // Fahad: Enrolment Admin and Authorized Signatory of 330, under the L1 provider 410.
    await signInWithCode(page, 'fahad');
    await page.waitForURL('**/app/org/dashboard');
    const balance = page.getByRole('region', { name: 'eSign counter balance' }).locator('p').nth(1);
    await balance.waitFor();
    const before = Number(((await balance.textContent()) ?? '').replace(/\D/g, ''));

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Buy counters' })
      .click();
    await page.waitForURL('**/app/org/buy/esign/plans');
    await page.getByRole('link', { name: 'Buy eSign counters' }).click();
    await page.getByRole('heading', { level: 2, name: '500 eSign counters' }).waitFor();
    await page.getByRole('button', { name: 'Choose quantities' }).click();
    const dialog = page.getByRole('dialog', { name: 'eSign counters to buy' });
    await dialog.getByRole('textbox', { name: 'Quantity: 500 eSign counters' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Quantity: 500 eSign counters' }).press('Tab');
    // Provider 410's price: 1,837.50 a pack before VAT, two of them with 15 % VAT.
    await dialog.getByText('SAR 4,226.25').waitFor();
    await dialog.getByRole('button', { name: 'Go to payment' }).click();
    await page.waitForURL('**/simulators/gateway/pay/**');
    await page.getByText('4226.25 SAR').waitFor();
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.waitForURL('**/app/org/paymentStatus?payment=*');
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();

    await page.getByRole('link', { name: 'eSign counters' }).click();
    await page.waitForURL('**/app/org/buy/esign/plans');
    const purchases = page.getByRole('grid', { name: 'eSign counters' });
    // The demo world's four counter orders, and this one, newest first.
    await expect.poll(() => purchases.getByRole('row').count()).toBe(6);
    const row = purchases.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('Success');
    await row.getByRole('button', { name: 'Show details' }).click();
    await purchases.getByText('SAR 4,226.25').waitFor();
    const orders = await purchases
      .getByRole('rowheader')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent));
    const file = await exportedFile(page, 'Export to Excel');
    expect(file.fileName).toBe('Counter_Purchased_Plan.xlsx');
    expect(file.column('Order')).toEqual(orders);

    // The lot is in the report, and the balance grew by what was bought.
    await page.goto('/app/org/reports/esign?q=500%20eSign%20counters');
    const lots = page.getByRole('grid', { name: 'eSign counter deduction summary' });
    await expect.poll(() => lots.getByRole('row').count()).toBe(2);
    await page.goto('/app/org/dashboard');
    await expect
      .poll(async () => Number(((await balance.textContent()) ?? '').replace(/\D/g, '')))
      .toBe(before + 1000);

    // Five Authorized Signatory seats.
    await page.goto('/app/org/buy/role/plans/buyOrgPlan');
    await page.getByRole('button', { name: 'Choose quantities' }).click();
    const seats = page.getByRole('dialog', { name: 'Role seats to buy' });
    await seats.getByRole('textbox', { name: 'Quantity: 5 Authorized Signatory seats' }).fill('1');
    await seats
      .getByRole('textbox', { name: 'Quantity: 5 Authorized Signatory seats' })
      .press('Tab');
    await seats.getByRole('button', { name: 'Go to payment' }).click();
    await page.waitForURL('**/simulators/gateway/pay/**');
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await page.getByRole('link', { name: 'Role plans' }).click();
    const bought = page.getByRole('grid', { name: 'Role plans' });
    await expect.poll(() => bought.getByRole('row').count()).toBe(2);
    expect(await bought.getByRole('row').nth(1).textContent()).toContain(
      '5 Authorized Signatory seats',
    );
    // The seats received, newest first: this purchase, at its price.
    await page.goto('/app/org/reports/roles');
    const received = page.getByRole('grid', { name: 'Seats received' }).getByRole('row').nth(1);
    await expect.poll(() => received.textContent()).toContain('Purchase');
    expect(await received.textContent()).toMatch(/SAR\s1,500\.00/);
    expect(errors).toEqual([]);
  });

  it('asks for a special plan, has it priced by the L1 provider’s staff, and pays it', async () => {
    // Reem, Authorized Signatory of 314, asks on an Arabic page, typing on a Latin keyboard.
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'reem');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/app/org/purchase/special/plan/buyspecialplan?lng=ar');
    await page.getByRole('heading', { level: 1, name: 'طلب باقة خاصة' }).waitFor();
    const quantity = page.getByRole('textbox', { name: 'العدد' });
    await quantity.click();
    await page.keyboard.type('1000');
    // One digit system: the Latin digits were written as Arabic-Indic ones as they were typed.
    await expect.poll(() => quantity.inputValue()).toBe('١٠٠٠');
    await page.getByRole('textbox', { name: 'سبب حاجة منشأتك إليها' }).fill('عقود نهاية العام');
    await page.getByRole('button', { name: 'إرسال إلى مزوّد الخدمة' }).click();
    await page.waitForURL('**/app/org/purchase/special/plan');
    await page.goto('/app/org/purchase/special/plan?lng=en');
    const ours = page.getByRole('grid', { name: 'Special plans' });
    const asked = ours.getByRole('row').nth(1);
    await expect.poll(() => asked.textContent()).toContain('eSign counters: 1,000');
    expect(await asked.textContent()).toContain('Pending for approval');
    const id = ((await asked.getByRole('rowheader').textContent()) ?? '').trim();
    expect(id).toMatch(/^SP-\d{6}$/);

    // The L1 provider's staff price it (issue 36: Omar, its Provider Finance), in its own area.
    const admin = await openPage('/app/login?lng=en');
    await signInWithNafath(admin.page, OMAR);
    await admin.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await admin.page.goto('/app/provider/purchase/special/plan');
    const toDecide = admin.page.getByRole('grid', { name: 'Special plans' });
    const row = toDecide.getByRole('row').filter({ hasText: id });
    await row.getByRole('button', { name: 'Show details' }).click();
    await toDecide.getByText('عقود نهاية العام').waitFor();
    await toDecide
      .getByRole('textbox', { name: 'Price of one counter or seat before VAT (SAR)' })
      .fill('2');
    await toDecide.getByRole('button', { name: 'Approve at this price' }).click();
    await admin.page.getByText('The plan is priced: the organization can pay it.').waitFor();

    // Reem pays it: 1,000 × SAR 2.00 and 15 % VAT.
    await page.reload();
    await expect.poll(() => asked.textContent()).toContain('Approved');
    await asked.getByRole('button', { name: 'Show details' }).click();
    await ours.getByRole('button', { name: `Pay ${id}` }).click();
    await page.waitForURL('**/simulators/gateway/pay/**');
    await page.getByText('2300.00 SAR').waitFor();
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await page.goto('/app/org/purchase/special/plan');
    await expect.poll(() => asked.textContent()).toContain('Payment success');
    expect([...errors, ...admin.errors]).toEqual([]);
  });
});

/**
 * What a desktop cuts: a grid wider than its frame (its last columns, the status among them, out
 * of sight until scrolled sideways), and a status badge that reaches past its cell.
 */
function cutInGrids(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...[...document.querySelectorAll('[role=grid]')].flatMap((grid) => {
      const frame = grid.parentElement;
      return frame && frame.scrollWidth > frame.clientWidth + 1
        ? [`${grid.getAttribute('aria-label') ?? 'a grid'} is wider than its frame`]
        : [];
    }),
    ...[...document.querySelectorAll('[role=grid] [data-tone]')].flatMap((badge) => {
      const cell = badge.closest('[role=gridcell], [role=rowheader], td, th');
      if (!cell) return [];
      const inner = badge.getBoundingClientRect();
      const outer = cell.getBoundingClientRect();
      return inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5
        ? [`${badge.textContent} reaches past its cell`]
        : [];
    }),
  ]);
}

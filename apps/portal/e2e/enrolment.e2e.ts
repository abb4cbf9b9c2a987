/**
 * Pre-enrolment (issue 17) against the real server, in Chromium: an organization signs up — the
 * robot check, the identity app on the simulator's phone, five steps kept across a reload, a
 * disguised and an oversized file refused with their reasons and nothing kept, the subscriber
 * agreement — verifies its e-mail from the link the outbox received, and its application is
 * under its provider's review; the L1's Enrolment Admin finds it on the L2 approval screen.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  HIND,
  approveOnPhone,
  freshNationalId,
  nationalIdOf,
  openPage,
  overflow,
  signInWithNafath,
  reviewShot,
} from './browser.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function passRobotCheck(page: Page) {
  await page.getByRole('button', { name: "I'm not a robot" }).click();
  await page.getByText('Checked: you are not a robot.').waitFor();
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
}

/** From the robot check through the identity app to the form's first step, as a new applicant. */
async function beginApplication(page: Page, applicant = freshNationalId()): Promise<string> {
  await passRobotCheck(page);
  await page.getByLabel('National ID or Iqama number').fill(applicant);
  await page.getByRole('button', { name: 'Verify with the identity app' }).click();
  await approveOnPhone(page, applicant);
  await page.getByRole('heading', { name: 'The organization' }).waitFor();
  return applicant;
}

/** The address step, filled in and saved. */
async function fillAddress(page: Page) {
  await page.getByRole('heading', { name: 'Address' }).waitFor();
  await choose(page, 'Country', 'Saudi Arabia');
  await choose(page, 'Region', 'Riyadh Region');
  await choose(page, 'City', 'Riyadh');
  await page.getByLabel('Street address').fill('King Fahd Road');
  await page.getByLabel('Postal code').fill('12214');
  await page.getByLabel('Organization telephone').fill('0112345678');
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/** The documents step: the commercial registration and the authorization letter, saved. */
async function attachBothDocuments(page: Page) {
  await upload(page, 'commercial registration.pdf', PDF);
  await page.getByText('commercial registration.pdf').waitFor();
  await choose(page, 'Kind of document', 'Authorization letter');
  await upload(page, 'authorization letter.pdf', PDF);
  await page.getByText('authorization letter.pdf').waitFor();
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/** Fills in every step of an organization's application, as given, and submits it. */
async function submitApplication(page: Page, cr: string, email: string) {
  await choose(page, 'Service provider you apply to', 'Tawqi Trust Services');
  await page.getByLabel('Name in English').fill(`Mail App Trading ${cr.slice(-4)}`);
  await page.getByLabel('Name in Arabic').fill('تجارة البريد');
  await page.getByLabel('Commercial registration (CR) number').fill(cr);
  await page.getByLabel('CR expiry date').fill('2028-01-31');
  await page.getByLabel('Unified organization number').fill('7001234569');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await fillAddress(page);
  await page.getByRole('heading', { name: 'People' }).waitFor();
  await page.getByLabel('Your official e-mail').fill(email);
  await page.getByLabel('Your mobile').fill('0551234560');
  for (const group of ['Application sponsor', 'Technical point of contact']) {
    const fields = page.getByRole('group', { name: group });
    await fields.getByLabel('Name in English').fill('Faisal Al-Qahtani');
    await fields.getByLabel('Name in Arabic').fill('فيصل القحطاني');
    await fields.getByLabel('E-mail').fill(`faisal.${cr}@mail-app.example.sa`);
    await fields.getByLabel('Mobile').fill('0559876540');
  }
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { name: 'Documents' }).waitFor();
  await attachBothDocuments(page);
  await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
  await page.getByText('I have read and accept the subscriber agreement.').click();
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit the application' }).click();
  await page.waitForURL('**/email-verification');
}

describe('pre-enrolment', () => {
  it('keeps an application with its applicant, not with the browser', async () => {
    const { page, context, errors } = await openPage('/create-account?lng=en');
    // The robot check's key is fetched as the page starts, not at the press (SPEC §7).
    const keyAsked = page.waitForRequest(/\/api\/v1\/common\/getRecaptchaClientKey$/u);
    await page.reload();
    await keyAsked;
    const applicant = await beginApplication(page);
    const cr = `10108${String(Date.now()).slice(-5)}`;
    const name = `Browser Test ${cr.slice(-4)}`;
    await choose(page, 'Service provider you apply to', 'Tawqi Trust Services');
    await page.getByLabel('Name in English').fill(name);
    await page.getByLabel('Name in Arabic').fill('اختبار المتصفح');
    await page.getByLabel('Commercial registration (CR) number').fill(cr);
    await page.getByLabel('CR expiry date').fill('2028-01-31');
    await page.getByLabel('Unified organization number').fill('7001234568');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Address' }).waitFor();
    const applying = await page.getByText(/^Applying as /u).textContent();

    // Another tab of the same browser starts afresh: nobody else sees it, nor whose it is.
    const other = await context.newPage();
    await other.goto('/create-account?lng=en');
    await other.getByRole('heading', { name: 'Who is applying' }).waitFor();
    expect(await other.getByText(applying ?? '').count()).toBe(0);
    expect(await other.getByLabel('Name in English').count()).toBe(0);

    // Signing out forgets it in this tab too.
    await page.goto('/logout');
    await page.waitForURL((url) => !url.pathname.startsWith('/logout'));
    await page.goto('/create-account?lng=en');
    await page.getByRole('heading', { name: 'Who is applying' }).waitFor();

    // Proving who they are resumes it where it was saved, in any tab.
    await beginApplication(other, applicant);
    await other.getByText(applying ?? '').waitFor();
    expect(await other.getByLabel('Name in English').inputValue()).toBe(name);

    // Not them: the tab forgets it and asks who is applying.
    await other.getByRole('button', { name: 'Not you? Start again' }).click();
    await other.getByRole('heading', { name: 'Who is applying' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('continues an application in the browser its e-mail link was opened in, after the identity app', async () => {
    const { page, errors } = await openPage('/create-account?lng=en');
    const applicant = await beginApplication(page);
    const cr = `10107${String(Date.now()).slice(-5)}`;
    const email = `admin.${cr}@mail-app.example.sa`;
    await submitApplication(page, cr, email);

    // A phone's mail app opens the link in a browser that does not hold the application.
    const mail = (await (await page.request.get('/dev/outbox')).json()) as {
      messages: { recipient: string; body: string }[];
    };
    const link = new URL(
      /(http\S+\/email-verification\?token=\S+)/.exec(
        mail.messages.find((one) => one.recipient === email)?.body ?? '',
      )?.[1] ?? '',
    );
    const mailApp = await openPage(`${link.pathname}${link.search}&lng=ar`, {
      width: 360,
      height: 740,
    });
    await mailApp.page.getByText('تم التحقق من بريدك الإلكتروني.').waitFor();
    await mailApp.page.getByText(/^لمتابعة الطلب/u).waitFor();
    expect(await overflow(mailApp.page)).toBe(0);
    await mailApp.page.getByLabel('رقم الهوية الوطنية أو الإقامة').fill(applicant);
    await mailApp.page.getByRole('button', { name: 'التحقق عبر تطبيق نفاذ الوطني' }).click();
    await approveOnPhone(mailApp.page, applicant);
    // The same application goes on there, where it stands.
    await mailApp.page.getByRole('heading', { name: /^قيد المراجعة لدى /u }).waitFor();
    await mailApp.page.getByText(`Mail App Trading ${cr.slice(-4)}`).waitFor();
    await reviewShot(mailApp.page, 'email-link-continued-360-ar');
    expect(mailApp.errors).toEqual([]);

    // The browser that began it now says so, and how to go on.
    await page.goto('/after-verification?lng=en');
    await page
      .getByText('This browser no longer holds your application.', { exact: false })
      .waitFor();
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('signs an organization up, verifies its e-mail, puts it before its provider, and an invited user completes their details', async () => {
    const { page, errors } = await openPage('/create-account?lng=en');
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    const applicant = await beginApplication(page);

    // The organization.
    await page.getByText('Step 1 of 5: The organization').waitFor();
    const cr = `10109${String(Date.now()).slice(-5)}`;
    const name = `Al Waha Trading ${cr.slice(-4)}`;
    await choose(page, 'Service provider you apply to', 'Tawqi Trust Services');
    await page.getByLabel('Name in English').fill(name);
    await page.getByLabel('Name in Arabic').fill('الواحة للتجارة');
    await page.getByLabel('Commercial registration (CR) number').fill('123');
    await page.getByLabel('CR expiry date').fill('2028-01-31');
    await page.getByLabel('Unified organization number').fill('7001234567');
    // A wrong CR number is said, and the step is not left.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Enter the ten-digit CR number.').waitFor();
    // Focus is on the field to fix (issue 38).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(
      await page
        .getByLabel('Commercial registration (CR) number')
        .evaluate((field) => field === document.activeElement),
    ).toBe(true);
    await page.getByLabel('Commercial registration (CR) number').fill(cr);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // The address.
    await fillAddress(page);

    // The people; a reload on the way loses nothing typed.
    await page.getByRole('heading', { name: 'People' }).waitFor();
    const email = `admin.${cr}@alwaha.example.sa`;
    await page.getByLabel('Your official e-mail').fill(email);
    await page.getByLabel('Your mobile').fill('0551234567');
    await page.reload();
    await page.getByRole('heading', { name: 'People' }).waitFor();
    expect(await page.getByLabel('Your official e-mail').inputValue()).toBe(email);
    for (const [group, person] of [
      [
        'Application sponsor',
        ['Khalid Al-Harbi', 'خالد الحربي', 'khalid@alwaha.example.sa', '0559876543'],
      ],
      [
        'Technical point of contact',
        ['Huda Al-Shammari', 'هدى الشمري', 'huda@alwaha.example.sa', '0553456789'],
      ],
    ] as const) {
      const fields = page.getByRole('group', { name: group });
      await fields.getByLabel('Name in English').fill(person[0]);
      await fields.getByLabel('Name in Arabic').fill(person[1]);
      await fields.getByLabel('E-mail').fill(person[2]);
      await fields.getByLabel('Mobile').fill(person[3]);
    }
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // The documents: a web page named .pdf and a file over 10 MB are refused, nothing kept.
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await upload(page, 'letter.pdf', Buffer.from('<!doctype html><script>alert(1)</script>'));
    await page.getByText(/not a PDF, PNG or JPEG/).waitFor();
    await upload(page, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    await page.getByText('big.pdf is larger than 10 MB. Choose a smaller file.').waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Documents to send with the request' }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page
      .getByText('Attach both the commercial registration and the authorization letter.')
      .waitFor();
    await attachBothDocuments(page);

    // A last look, the agreement, the robot check, and it is submitted.
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByText(cr, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Submit the application' }).click();
    await page.getByText('Accept the subscriber agreement to submit.').waitFor();
    await page.getByText('I have read and accept the subscriber agreement.').click();
    await passRobotCheck(page);
    await page.getByRole('button', { name: 'Submit the application' }).click();
    await page.waitForURL('**/email-verification');
    await page.getByText(email).waitFor();

    // The link the outbox received, opened as from a mail app.
    const outbox = (await (await page.request.get('/dev/outbox')).json()) as {
      messages: { recipient: string; body: string }[];
    };
    const message = outbox.messages.find((one) => one.recipient === email);
    const link = /(http\S+\/email-verification\?token=\S+)/.exec(message?.body ?? '')?.[1];
    expect(link).toBeDefined();
    // The outbox page shows it as a browser reads mail: its link one to click, Arabic apart.
    const outboxTab = await page.context().newPage();
    await outboxTab.goto('/dev/outbox');
    const sent = outboxTab.getByRole('listitem').filter({ hasText: email }).first();
    await sent
      .getByRole('link', { name: link ?? '' })
      .first()
      .waitFor();
    expect(await sent.locator('p[lang="ar"][dir="rtl"]').count()).toBeGreaterThan(0);
    await outboxTab.close();
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await page.getByText('Your e-mail address is verified.').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Under review by Tawqi Trust Services' }).waitFor();
    // Opened again, the link says it was used.
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await page.getByText('This link was already used: your e-mail address is verified.').waitFor();

    // The L1's staff find it on the approval screen (issue 36: Hind, its Provider Approver).
    const staff = await openPage('/app/login?lng=en');
    await signInWithNafath(staff.page, HIND);
    await staff.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await staff.page.goto('/app/provider/approval/ltwo');
    const requests = staff.page.getByRole('grid', { name: 'Applications' });
    const request = requests.getByRole('row').filter({ hasText: name }).first();
    await request.waitFor();
    // The applicant who signs in before the decision sees where it stands (issue 38), on a phone
    // in Arabic too.
    const waiting = await openPage('/app/login?lng=en', { width: 360, height: 740 });
    await signInWithNafath(waiting.page, applicant);
    await waiting.page.waitForURL('**/app/my/dashboard');
    const pending = waiting.page.getByRole('region', { name: "Your organization's application" });
    await pending.getByText(name).waitFor();
    await pending.getByText(/^Under review by Tawqi Trust Services since /u).waitFor();
    await waiting.page.goto('/app/my/dashboard?lng=ar');
    await waiting.page.getByRole('region', { name: 'طلب تسجيل منشأتك' }).waitFor();
    expect(await overflow(waiting.page)).toBe(0);
    await reviewShot(waiting.page, 'pending-applicant-360-ar');

    // An organization applies as an organization (issue 38): no provider of its own, and it is
    // approved and told as one.
    expect(await request.textContent()).toContain('Organization');
    await request.getByRole('button', { name: 'Show details' }).click();
    const facts = staff.page.getByLabel(`Request of ${name}`);
    await facts.getByText('Applying as').waitFor();
    expect(await facts.getByText('Provider ID').count()).toBe(0);
    await requests.getByRole('button', { name: `Approve ${name}` }).click();
    await staff.page
      .getByText("Approved: the organization's admins can sign in, as your customer.")
      .waitFor();
    const told = (await (await staff.page.request.get('/dev/outbox')).json()) as {
      messages: { recipient: string; subject?: string; body: string }[];
    };
    const approval = told.messages.find(
      (one) => one.recipient === email && (one.subject ?? '').includes('approved'),
    );
    expect(approval?.subject).toContain('Your organization is approved');
    expect(approval?.body).not.toMatch(/provider/iu);
    // Its admin signs in to the organization, and is no provider's staff.
    const welcomed = await openPage('/app/login?lng=en');
    await signInWithNafath(welcomed.page, applicant);
    await welcomed.page.waitForURL('**/app/org/**');
    await welcomed.page.goto('/app/provider');
    await welcomed.page.getByText(/you are not on one/u).waitFor();
    // The subscriber agreement accepted while applying is among their agreements (issue 38).
    await welcomed.page.goto('/app/my/account');
    const accepted = welcomed.page
      .getByRole('listitem')
      .filter({ hasText: `Record of acceptance at ${name}` });
    await accepted.getByText('Subscriber agreement', { exact: true }).waitFor();
    await accepted.getByText(/^Accepted on /u).waitFor();

    // An Enrolment Admin of 314 invites a person who is not at hand.
    const admin = await openPage('/app/login?lng=en');
    await signInWithNafath(admin.page, nationalIdOf('231400000'));
    await admin.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await admin.page.goto('/app/org/manage/users/uav/createuav');
    await admin.page.getByRole('button', { name: 'Invite by e-mail' }).click();
    const invitee = freshNationalId();
    const inviteeEmail = `invitee.${invitee}@example.sa`;
    await admin.page.getByLabel('National ID', { exact: true }).fill(invitee);
    await choose(admin.page, 'Role', 'Organization User');
    await choose(admin.page, 'Organization unit', (await firstUnit(admin.page)) ?? '');
    await admin.page.getByLabel('Employee ID').fill('EMP-INV-7');
    await admin.page.getByLabel('Work email').fill(inviteeEmail);
    await admin.page.getByLabel('Mobile', { exact: true }).fill('0551234567');
    await admin.page.getByRole('button', { name: 'Send the invitation' }).click();
    await admin.page.getByText('Invitation sent').waitFor();

    // The person opens the link, verifies, completes their details and accepts the agreement.
    const mail = (await (await page.request.get('/dev/outbox')).json()) as {
      messages: { recipient: string; body: string }[];
    };
    const invitation = /(http\S+\/verify-orgUser\?invitation=\S+)/.exec(
      mail.messages.find((one) => one.recipient === inviteeEmail)?.body ?? '',
    )?.[1];
    expect(invitation).toBeDefined();
    const person = await openPage('/?lng=en');
    const address = new URL(invitation ?? '');
    await person.page.goto(address.pathname + address.search);
    await person.page.getByText('Organization User').waitFor();
    await person.page.getByLabel('National ID or Iqama number').fill(invitee);
    await person.page.getByRole('button', { name: 'Verify with the identity app' }).click();
    await approveOnPhone(person.page, invitee);
    await person.page.getByRole('heading', { name: 'Review and complete your details' }).waitFor();
    expect(await person.page.getByLabel('E-mail').inputValue()).toBe(inviteeEmail);
    await person.page.getByText('I have read and accept the subscriber agreement.').click();
    await person.page.getByRole('button', { name: 'Send for approval' }).click();
    await person.page.getByText(/Your details were sent/).waitFor();
    expect(errors.filter((error) => !/status of (4\d\d)/.test(error))).toEqual([]);
  });
});

/** The first organization unit the unit list offers (its name, as the page shows it). */
async function firstUnit(page: Page): Promise<string | null> {
  await page.getByRole('button', { name: /Organization unit/ }).click();
  const name = await page.getByRole('option').first().textContent();
  await page.keyboard.press('Escape');
  return name;
}

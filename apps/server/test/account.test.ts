/**
 * Accounts that can be completed (issue 12): a person enrolled through the identity app adds an
 * e-mail and a mobile (each confirmed by a code sent to it) and sets a username and password,
 * then signs in with them; all of it only shortly after confirming their identity in the app.
 */
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/notifier/outbox.js';
import { DEVICE, startHarness } from './harness.js';
import { freshPerson } from './world.js';

const OTHER_DEVICE = 'e'.repeat(64);

const h = await startHarness();
/** Two people of the test's own: one sets a password, the other only tries another's code. */
const sara = await freshPerson(h);
const noura = await freshPerson(h);
const MINUTE = 60_000;

async function enrol(nationalID: string) {
  const started = await h.call('POST', '/api/v1/auth/nafath/enrollment/initiate', {
    body: { nationalID },
  });
  await h.simulator.answer(started.body.transId, 'approve');
  const verified = await h.call('POST', '/api/v1/auth/nafath/enrollment/verify', {
    body: { nationalID, transId: started.body.transId },
  });
  return verified.body.session as { token: string; refreshToken: string };
}

const as = (token: string, language = 'en') => ({
  get: (path: string) => h.call('GET', path, { token, language }),
  post: (path: string, body: unknown) => h.call('POST', path, { token, body, language }),
});

async function codeSentTo(address: string): Promise<string> {
  const [message] = await readOutbox(h.pool, address);
  return /\d{6}/.exec(message?.body ?? '')?.[0] ?? '';
}

describe('completing an account enrolled through the identity app', () => {
  it('adds an e-mail and a mobile, each confirmed by a code sent to the new address', async () => {
    const me = as((await enrol('1000000057')).token);
    expect((await me.get('/api/v1/profile/my')).body).toMatchObject({ email: null, mobile: null });

    const started = await me.post('/api/v1/profile/my/contact/start', {
      kind: 'email',
      value: ' New.Person@Example.SA ',
    });
    expect(started.body).toMatchObject({ status: '1', maskedDestination: 'n***@example.sa' });
    // Nothing changes before the code comes back.
    expect((await me.get('/api/v1/profile/my')).body.email).toBeNull();
    const code = await codeSentTo('new.person@example.sa');
    const wrong = await me.post('/api/v1/profile/my/contact/verify', {
      otpReference: started.body.otpReference,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toEqual({ status: '0', errorMessage: 'The code is not correct.' });
    const confirmed = await me.post('/api/v1/profile/my/contact/verify', {
      otpReference: started.body.otpReference,
      otp: code,
    });
    expect(confirmed.body).toEqual({ status: '1', errorMessage: null });
    expect((await me.get('/api/v1/profile/my')).body.email).toBe('new.person@example.sa');

    const mobile = await me.post('/api/v1/profile/my/contact/start', {
      kind: 'mobile',
      value: '٠٥٥٠٠٠١١٢٢',
    });
    expect(mobile.body.maskedDestination).toBe('+9665*****122');
    await me.post('/api/v1/profile/my/contact/verify', {
      otpReference: mobile.body.otpReference,
      otp: await codeSentTo('+966550001122'),
    });
    expect((await me.get('/api/v1/profile/my')).body.mobile).toBe('+966550001122');

    const audit = await h.pool.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE action = 'account.contact-changed' ORDER BY audit_slno",
    );
    expect(audit.rows.map((row) => row.target)).toEqual(['email', 'mobile']);
  });

  it('refuses a malformed or unchanged address in the caller’s language, sending nothing', async () => {
    const me = as((await enrol('1000000065')).token, 'ar');
    const before = (await readOutbox(h.pool)).length;
    const bad = await me.post('/api/v1/profile/my/contact/start', { kind: 'email', value: 'nope' });
    expect(bad.body).toMatchObject({
      status: '0',
      errorMessage: 'أدخل بريدًا إلكترونيًا مثل name@example.sa.',
      otpReference: null,
    });
    const badMobile = await me.post('/api/v1/profile/my/contact/start', {
      kind: 'mobile',
      value: '12345',
    });
    expect(badMobile.body.status).toBe('0');
    expect((await readOutbox(h.pool)).length).toBe(before);
  });

  it('sets a username and password, then signs in with them and a code to the new mobile', async () => {
    const me = as((await enrol('1000000073')).token);
    const weak = await me.post('/api/v1/profile/my/password', {
      username: 'yasmin',
      password: 'short1',
    });
    expect(weak.body).toEqual({
      status: '0',
      errorMessage: 'A password has at least 10 characters, with letters and digits.',
    });
    const taken = await me.post('/api/v1/profile/my/password', {
      username: sara.username,
      password: 'Layla-2026-signs',
    });
    expect(taken.body.errorMessage).toBe('This username is taken. Choose another.');
    expect(
      (
        await me.post('/api/v1/profile/my/password', {
          username: 'Yasmin',
          password: 'Layla-2026-signs',
        })
      ).body,
    ).toEqual({ status: '1', errorMessage: null });
    const mobile = await me.post('/api/v1/profile/my/contact/start', {
      kind: 'mobile',
      value: '0550003344',
    });
    await me.post('/api/v1/profile/my/contact/verify', {
      otpReference: mobile.body.otpReference,
      otp: await codeSentTo('+966550003344'),
    });

    h.clock.advance(2 * MINUTE);
    const signIn = await h.call('POST', '/api/v1/auth/credentials/login/initiate', {
      body: { username: 'yasmin', password: 'Layla-2026-signs' },
    });
    expect(signIn.body.status).toBe('1');
    const verified = await h.call('POST', '/api/v1/auth/credentials/login/verifyOTP', {
      body: { otpReference: signIn.body.otpReference, otp: await codeSentTo('+966550003344') },
    });
    expect(verified.body.status).toBe('1');
  });

  it('ends every other session when a password is set, and tells the person in the app and by e-mail', async () => {
    const here = await h.signIn(sara.nationalId, DEVICE);
    const elsewhere = await h.signIn(sara.nationalId, OTHER_DEVICE);
    const profile = (token: string, deviceId: string) =>
      h.call('GET', '/api/v1/profile/my', { token, deviceId });
    expect((await profile(elsewhere.token, OTHER_DEVICE)).status).toBe(200);
    const before = (await readOutbox(h.pool, sara.email)).length;

    const set = await h.call('POST', '/api/v1/profile/my/password', {
      token: here.token,
      body: { username: sara.username, password: 'Sara-2026-new-key' },
    });
    expect(set.body).toEqual({ status: '1', errorMessage: null });
    // The other session is over at once, its refresh token too; this one goes on.
    expect((await profile(elsewhere.token, OTHER_DEVICE)).status).toBe(401);
    const refreshed = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: elsewhere.refreshToken, deviceID: OTHER_DEVICE },
      deviceId: OTHER_DEVICE,
    });
    expect(refreshed.body.token ?? null).toBeNull();
    expect((await profile(here.token, DEVICE)).status).toBe(200);
    // Told in the app and at the e-mail address, in both languages.
    const { rows } = await h.pool.query<{ title_en: string; title_ar: string }>(
      `SELECT title_en, title_ar FROM notifications n JOIN users u USING (user_slno)
        WHERE u.national_id = $1 ORDER BY n.created_at DESC LIMIT 1`,
      [sara.nationalId],
    );
    expect(rows[0]).toEqual({ title_en: 'Your password was set', title_ar: 'عُيّنت كلمة المرور' });
    const mail = await readOutbox(h.pool, sara.email);
    expect(mail.length).toBe(before + 1);
    expect(mail[0]?.body).toMatch(/every other session of yours was signed out/);
  });

  it('asks for a fresh identity confirmation after 15 minutes, and the KYC renewal gives one', async () => {
    const session = await enrol('1000000081');
    h.clock.advance(16 * MINUTE);
    const refreshed = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken, deviceID: DEVICE },
    });
    const me = as(refreshed.body.token);
    const refused = await me.post('/api/v1/profile/my/password', {
      username: 'omar.k',
      password: 'Omar-2026-signs',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      detail: 'IDENTITY_CONFIRMATION_REQUIRED',
      message: 'Confirm it is you in Nafath first.',
    });
    const renewal = await me.post('/api/v1/auth/kyc/renewal/initiate', {});
    await h.simulator.answer(renewal.body.transId, 'approve');
    const renewed = await me.post('/api/v1/auth/kyc/renewal/verify', {
      transId: renewal.body.transId,
    });
    expect(renewed.body.status).toBe('1');
    expect(
      (
        await me.post('/api/v1/profile/my/password', {
          username: 'omar.k',
          password: 'Omar-2026-signs',
        })
      ).status,
    ).toBe(200);
  });

  it('keeps each code to its purpose and its person', async () => {
    const me = as((await enrol('1000000099')).token);
    const asNoura = as(
      (
        await (async () => {
          const started = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
            body: { nationalID: noura.nationalId },
          });
          await h.simulator.answer(started.body.transId, 'approve');
          return (
            await h.call('POST', '/api/v1/auth/nafath/login/verify', {
              body: { nationalID: noura.nationalId, transId: started.body.transId },
            })
          ).body.session as { token: string };
        })()
      ).token,
    );
    const started = await me.post('/api/v1/profile/my/contact/start', {
      kind: 'email',
      value: 'purpose@example.sa',
    });
    const code = await codeSentTo('purpose@example.sa');
    // Not a sign-in code, and not another person's to confirm.
    const asSignIn = await h.call('POST', '/api/v1/auth/credentials/login/verifyOTP', {
      body: { otpReference: started.body.otpReference, otp: code },
    });
    expect(asSignIn.body.status).toBe('0');
    const byNoura = await asNoura.post('/api/v1/profile/my/contact/verify', {
      otpReference: started.body.otpReference,
      otp: code,
    });
    expect(byNoura.body.status).toBe('0');
    expect((await asNoura.get('/api/v1/profile/my')).body.email).toBe(noura.email);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/notifier/outbox.js';
import { simulatedPerson } from '../src/adapters/nafath/people.js';
import { demoIdentities } from '../src/demo/seed.js';
import { DEVICE, startHarness } from './harness.js';
import { FRESH_PASSWORD, freshOrganization, freshPerson, type FreshPerson } from './world.js';

const h = await startHarness();
/** A member of an organization (its Enrolment Admin, who signs for it), and a person of none. */
const world = await freshOrganization(h, { members: [['enrolmentAdmin', 'authorizedSignatory']] });
const member = world.members[0] as FreshPerson;
const individual = await freshPerson(h);
const MEMBER_ID = member.nationalId;
const INDIVIDUAL_ID = individual.nationalId;
const MINUTE = 60_000;
const OTHER_DEVICE = 'e'.repeat(64);

// Each test starts with fresh throttling counters (the limit itself has its own test).
beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

async function initiate(
  nationalID: string,
  flow: 'login' | 'enrollment' = 'login',
  deviceId = DEVICE,
) {
  return h.call('POST', `/api/v1/auth/nafath/${flow}/initiate`, { body: { nationalID }, deviceId });
}

async function verify(
  nationalID: string,
  transId: string,
  flow: 'login' | 'enrollment' = 'login',
  deviceId = DEVICE,
) {
  return h.call('POST', `/api/v1/auth/nafath/${flow}/verify`, {
    body: { nationalID, transId },
    deviceId,
  });
}

/** Signs in through the identity app, approving on the simulator's "phone". */
async function signIn(nationalID = MEMBER_ID, deviceId = DEVICE) {
  const started = await initiate(nationalID, 'login', deviceId);
  expect(await h.simulator.answer(started.body.transId, 'approve')).toBe(true);
  const verified = await verify(nationalID, started.body.transId, 'login', deviceId);
  expect(verified.body.status).toBe('1');
  return verified.body.session as {
    token: string;
    refreshToken: string;
    organizationList: unknown[];
  };
}

async function refresh(refreshToken: string, deviceId = DEVICE) {
  return h.call('POST', '/api/v1/auth/refresh', {
    body: { refreshToken, deviceID: deviceId },
    deviceId,
  });
}

describe('sign-in through the national identity app (SPEC §4)', () => {
  it('starts polling with status "1" and the number to pick, and waits with "3"', async () => {
    const started = await initiate(MEMBER_ID);
    expect(started.body).toMatchObject({
      status: '1',
      errorMessage: null,
      nationalID: MEMBER_ID,
      random: expect.stringMatching(/^\d{2}$/),
    });
    expect((await h.simulator.pending(MEMBER_ID)).map((request) => request.transId)).toContain(
      started.body.transId,
    );
    expect((await verify(MEMBER_ID, started.body.transId)).body).toEqual({
      status: '3',
      errorMessage: null,
      session: null,
      reason: null,
    });
  });

  it('signs in when approved on the phone, with the user’s organizations', async () => {
    const session = await signIn();
    expect(session.token.split('.')).toHaveLength(3);
    expect(session.organizationList).toEqual([
      expect.objectContaining({
        slno: world.orgSlno,
        sipSlNo: world.sipSlno,
        organizationType: 1,
        roles: ['enrolmentAdmin', 'authorizedSignatory'],
        sipLevel: 'L1',
      }),
    ]);
  });

  // Every sign-in wrote the person's row anew and took a number of the users' and the devices'
  // 4-byte sequences (an upsert takes one even when the row is there): dead rows on every sign-in,
  // and at a million sign-ins a day the numbers would run out in six years.
  it('signs a known person in from a known browser without writing either again', async () => {
    await signIn();
    const state = async () =>
      (
        await h.ownerPool.query(
          `SELECT (SELECT last_value FROM users_user_slno_seq) AS users,
                  (SELECT last_value FROM registered_devices_device_slno_seq) AS devices,
                  (SELECT xmin::text FROM users WHERE national_id = $1) AS version`,
          [MEMBER_ID],
        )
      ).rows[0];
    const before = await state();
    await signIn();
    expect(await state()).toEqual(before);
  });

  it('approves through the phone page’s form, picking the number shown', async () => {
    const started = await initiate(MEMBER_ID);
    const page = await fetch(`${h.baseUrl}/simulators/nafath/phone?nationalId=${MEMBER_ID}`).then(
      (response) => response.text(),
    );
    expect(page).toContain(`value="${String(started.body.random)}"`);
    // Styled like the app it stands for, by a stylesheet of its own (the CSP allows no inline style).
    expect(page).toContain('<link rel="stylesheet" href="/simulators/nafath/style.css">');
    expect(page).not.toMatch(/style="/);
    const css = await fetch(`${h.baseUrl}/simulators/nafath/style.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('--accent: #1b7f5b');
    const answered = await fetch(`${h.baseUrl}/simulators/nafath/phone/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        transId: started.body.transId,
        nationalId: MEMBER_ID,
        choice: started.body.random,
      }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    expect((await verify(MEMBER_ID, started.body.transId)).body.status).toBe('1');
  });

  it('fails with the reason when rejected on the phone, and stops polling', async () => {
    const started = await initiate(MEMBER_ID);
    await h.simulator.answer(started.body.transId, 'reject');
    expect((await verify(MEMBER_ID, started.body.transId)).body).toEqual({
      status: '0',
      errorMessage: 'The request was rejected in Nafath.',
      session: null,
      reason: null,
    });
  });

  it('expires 180 s after it started', async () => {
    const started = await initiate(INDIVIDUAL_ID);
    h.clock.advance(180_001);
    expect((await verify(INDIVIDUAL_ID, started.body.transId)).body.errorMessage).toBe(
      'The request expired. Start again.',
    );
  });

  it('is bound to the browser that started it', async () => {
    const started = await initiate(INDIVIDUAL_ID);
    await h.simulator.answer(started.body.transId, 'approve');
    // Another device is told nothing, not even that the request exists (issue 41).
    const elsewhere = await verify(INDIVIDUAL_ID, started.body.transId, 'login', OTHER_DEVICE);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ code: 'NOT_FOUND', message: 'Not found.' });
    // …and the browser that started it still signs in.
    expect((await verify(INDIVIDUAL_ID, started.body.transId)).body.status).toBe('1');
  });

  it('signs in once per approval: a replayed verify finds nothing', async () => {
    const started = await initiate(MEMBER_ID);
    await h.simulator.answer(started.body.transId, 'approve');
    expect((await verify(MEMBER_ID, started.body.transId)).body.status).toBe('1');
    h.clock.advance(1_000);
    expect((await verify(MEMBER_ID, started.body.transId)).body).toMatchObject({
      status: '0',
      session: null,
    });
  });

  it('answers the same to start for unregistered ids, and says so only after approval', async () => {
    const unknown = '1000000032';
    const started = await initiate(unknown);
    expect(started.body).toMatchObject({ status: '1', errorMessage: null });
    await h.simulator.answer(started.body.transId, 'approve');
    // With a reason the portal acts on: it offers to create the account.
    expect((await verify(unknown, started.body.transId)).body).toMatchObject({
      status: '0',
      errorMessage: 'This national ID has no Tawqi account yet.',
      reason: 'notRegistered',
      session: null,
    });
  });

  it('limits requests per national id (no push bombing): 429 with Retry-After, and the wait in the caller’s language', async () => {
    const target = '1000000040';
    for (let i = 0; i < 3; i += 1) expect((await initiate(target)).body.status).toBe('1');
    const pendingBefore = (await h.simulator.pending(target)).length;
    const fourth = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
      body: { nationalID: target },
      language: 'ar',
    });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBe(600);
    expect(fourth.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'طلبات كثيرة لرقم الهوية هذا. حاول مرة أخرى بعد ١٠ دقائق.',
    });
    // The identity app was not asked: no fourth request reached the person's phone.
    expect(await h.simulator.pending(target)).toHaveLength(pendingBefore);
  });

  it('answers 429 to polling faster than once a second', async () => {
    const started = await initiate(MEMBER_ID);
    expect((await verify(MEMBER_ID, started.body.transId)).body.status).toBe('3');
    const tooFast = await verify(MEMBER_ID, started.body.transId);
    expect(tooFast.status).toBe(429);
    expect(tooFast.headers.get('retry-after')).toBe('1');
    h.clock.advance(1_000);
    expect((await verify(MEMBER_ID, started.body.transId)).body.status).toBe('3');
  });
});

describe('enrolment and KYC renewal', () => {
  it('enrols a new individual as the identity app names them, with the welcome pack, once', async () => {
    const newcomer = '1000000057';
    const person = simulatedPerson(newcomer);
    const started = await initiate(newcomer, 'enrollment');
    await h.simulator.answer(started.body.transId, 'approve');
    const enrolled = await verify(newcomer, started.body.transId, 'enrollment');
    expect(enrolled.body.status).toBe('1');
    expect(enrolled.body.session).toMatchObject({
      fullNameEnglish: person.fullNameEnglish,
      fullNameArabic: person.fullNameArabic,
      organizationList: [],
    });
    const stored = await h.pool.query(
      'SELECT nationality, date_of_birth, date_of_birth_hijri FROM users WHERE national_id = $1',
      [newcomer],
    );
    expect(stored.rows[0]).toMatchObject({
      nationality: 'Saudi Arabia',
      date_of_birth_hijri: person.dateOfBirthHijri,
    });
    const plans = async (token: string) =>
      (await h.call('GET', '/api/v1/esign/my/subscription/plans/purchased/1/10', { token })).body;
    expect(await plans(enrolled.body.session.token)).toMatchObject({
      totalCount: 1,
      welcomePackList: [{ planName: 'Welcome pack', transactions: 5, balance: 5 }],
    });
    // Enrolling again signs in, and gives no second pack.
    h.clock.advance(1_000);
    const again = await initiate(newcomer, 'enrollment');
    await h.simulator.answer(again.body.transId, 'approve');
    const second = await verify(newcomer, again.body.transId, 'enrollment');
    expect((await plans(second.body.session.token)).totalCount).toBe(1);
    const notices = await h.pool.query(
      "SELECT message_ar FROM notifications n JOIN users u USING (user_slno) WHERE u.national_id = $1 AND n.title_en = 'Welcome to Tawqi'",
      [newcomer],
    );
    expect(notices.rows).toEqual([{ message_ar: 'في باقة الترحيب ٥ عمليات للتوقيع بها.' }]);
  });

  it('gives every other id a plausible person of its own, the same each time', () => {
    const citizen = simulatedPerson('1000000057');
    expect(simulatedPerson('1000000057')).toEqual(citizen);
    expect(citizen.fullNameEnglish).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ Al-[A-Z][a-z]+$/);
    expect(citizen.fullNameArabic).toMatch(/^[\u0600-\u06FF ]+$/);
    expect(citizen.dateOfBirth).toMatch(/^(19[6-9]\d|200[0-5])-\d{2}-\d{2}$/);
    expect(citizen.dateOfBirthHijri).toMatch(/^1[34]\d{2}-\d{2}-\d{2}$/);
    const resident = simulatedPerson('2000000014');
    expect(resident.nationality).not.toBe('Saudi Arabia');
    expect(simulatedPerson('1000000065').fullNameEnglish).not.toBe(citizen.fullNameEnglish);
  });

  it('renews the signed-in user’s identity verification', async () => {
    const session = await signIn();
    const started = await h.call('POST', '/api/v1/auth/kyc/renewal/initiate', {
      body: {},
      token: session.token,
    });
    expect(started.body.status).toBe('1');
    await h.simulator.answer(started.body.transId, 'approve');
    const renewed = await h.call('POST', '/api/v1/auth/kyc/renewal/verify', {
      body: { transId: started.body.transId },
      token: session.token,
    });
    expect(renewed.body).toMatchObject({
      status: '1',
      kycValidTill: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('needs a session to renew', async () => {
    expect((await h.call('POST', '/api/v1/auth/kyc/renewal/initiate', { body: {} })).status).toBe(
      401,
    );
  });
});

describe('credentials and one-time codes (SECURITY.md)', () => {
  // Each test starts a minute after the last: a code still waiting from the test before would
  // make the first request a resend.
  beforeEach(() => {
    h.clock.advance(61_000);
  });
  async function startCredentials(username = member.username, password = FRESH_PASSWORD) {
    return h.call('POST', '/api/v1/auth/credentials/login/initiate', {
      body: { username, password },
    });
  }
  async function latestCode() {
    const [message] = await readOutbox(h.pool, `+966${member.mobile.slice(1)}`);
    return /\d{6}/.exec(message?.body ?? '')?.[0] ?? '';
  }
  const verifyCode = (otpReference: string, otp: string) =>
    h.call('POST', '/api/v1/auth/credentials/login/verifyOTP', { body: { otpReference, otp } });

  it('sends a 6-digit code to the user’s mobile and signs in with it', async () => {
    const started = await startCredentials();
    expect(started.body).toMatchObject({
      status: '1',
      maskedDestination: `+9665*****${member.mobile.slice(-3)}`,
      expiresInSeconds: 180,
    });
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await verifyCode(started.body.otpReference, code);
    expect(signedIn.body.status).toBe('1');
    expect(signedIn.body.session.fullNameArabic).toBe(member.nameAr);
  });

  it('uses each code once', async () => {
    const started = await startCredentials();
    const code = await latestCode();
    expect((await verifyCode(started.body.otpReference, code)).body.status).toBe('1');
    expect((await verifyCode(started.body.otpReference, code)).body).toMatchObject({
      status: '0',
      session: null,
    });
  });

  it('expires a code after 3 minutes', async () => {
    const started = await startCredentials();
    const code = await latestCode();
    h.clock.advance(3 * MINUTE + 1);
    expect((await verifyCode(started.body.otpReference, code)).body.errorMessage).toBe(
      'The code has expired. Request a new one.',
    );
  });

  it('allows at most 5 attempts per code', async () => {
    const started = await startCredentials();
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1)
      expect((await verifyCode(started.body.otpReference, wrong)).body.errorMessage).toBe(
        'The code is not correct.',
      );
    expect((await verifyCode(started.body.otpReference, wrong)).body.errorMessage).toBe(
      'Too many attempts. Request a new code.',
    );
    expect((await verifyCode(started.body.otpReference, code)).body.errorMessage).toBe(
      'Too many attempts. Request a new code.',
    );
  });

  it('keeps only the latest code valid', async () => {
    const first = await startCredentials();
    const firstCode = await latestCode();
    h.clock.advance(61_000);
    await startCredentials();
    expect((await verifyCode(first.body.otpReference, firstCode)).body.status).toBe('0');
  });

  it('says “username or password is incorrect” alike for an unknown user and a wrong password, and sends nothing', async () => {
    const before = (await readOutbox(h.pool)).length;
    const unknown = await startCredentials('nobody', 'whatever');
    const wrongPassword = await startCredentials(individual.username, 'wrong password');
    for (const answer of [unknown, wrongPassword]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        status: '0',
        errorMessage: 'The username or password is incorrect.',
        otpReference: null,
        maskedDestination: null,
        expiresInSeconds: null,
      });
    }
    expect((await readOutbox(h.pool)).length).toBe(before);
    const arabic = await h.call('POST', '/api/v1/auth/credentials/login/initiate', {
      body: { username: 'nobody', password: 'x' },
      language: 'ar',
    });
    expect(arabic.body.errorMessage).toBe('اسم المستخدم أو كلمة المرور غير صحيحة.');
  });

  it('throttles sign-in attempts per account with 429 and Retry-After', async () => {
    let last = await startCredentials(individual.username, 'wrong');
    for (let i = 0; i < 10 && last.status === 200; i += 1)
      last = await startCredentials(individual.username, 'wrong');
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sessions (SECURITY.md, RFC 9700)', () => {
  it('rotates the refresh token and keeps the session going', async () => {
    const session = await signIn();
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(session.refreshToken);
    expect((await refresh(first.body.refreshToken)).status).toBe(200);
  });

  it('answers a retry within the grace window with the same successor, and mints nothing new', async () => {
    const session = await signIn();
    const rotated = await refresh(session.refreshToken);
    h.clock.advance(5_000);
    const retried = await refresh(session.refreshToken);
    expect(retried.status).toBe(200);
    expect(retried.body.refreshToken).toBe(rotated.body.refreshToken);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(200);
  });

  it('gives twenty concurrent refreshes of one token the same successor', async () => {
    const session = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refresh(session.refreshToken)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.refreshToken)).size).toBe(1);
    const family = await h.pool.query<{ count: number }>(
      `SELECT count(*) FROM refresh_tokens t JOIN refresh_tokens first USING (session_id)
        WHERE first.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [session.refreshToken],
    );
    expect(family.rows[0]?.count).toBe(2);
  });

  it('revokes the family at once when a spent token comes back after its successor was used, even inside the grace window', async () => {
    const session = await signIn();
    const first = await refresh(session.refreshToken);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    const reused = await refresh(session.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(reused.body).toMatchObject({ code: 'UNAUTHENTICATED', detail: 'TOKEN_REUSED' });
    // Every token of the family is now refused, the newest too, and its access token.
    expect((await refresh(second.body.refreshToken)).body.detail).toBe('TOKEN_EXPIRED');
    expect(
      (await h.call('POST', '/api/v1/auth/logout', { body: {}, token: second.body.token })).status,
    ).toBe(401);
    const [record] = (
      await h.pool.query(
        "SELECT actor, target, outcome FROM audit_log WHERE action = 'session.token-reused' ORDER BY audit_slno DESC LIMIT 1",
      )
    ).rows;
    expect(record).toMatchObject({ actor: member.userSlno, outcome: 'denied' });
  });

  it('treats a spent token after the grace window as theft', async () => {
    const session = await signIn();
    await refresh(session.refreshToken);
    h.clock.advance(20_000);
    const reused = await refresh(session.refreshToken);
    expect(reused.body.detail).toBe('TOKEN_REUSED');
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const session = await signIn();
    h.clock.advance(30 * MINUTE + 1);
    const late = await refresh(session.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.detail).toBe('TOKEN_EXPIRED');
  });

  it('counts a keep-alive as activity: the 30 idle minutes start again from it', async () => {
    const session = await signIn();
    h.clock.advance(2 * MINUTE);
    const kept = await h.call('POST', '/api/v1/auth/keepalive', {
      body: {},
      token: session.token,
    });
    expect(kept.status).toBe(200);
    // 31 minutes after sign-in, 29 after the keep-alive: still in use (without it, over).
    h.clock.advance(29 * MINUTE);
    const alive = await refresh(session.refreshToken);
    expect(alive.status).toBe(200);
    // Then 30 minutes with nothing at all: over.
    h.clock.advance(30 * MINUTE + 1);
    const late = await refresh(alive.body.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.detail).toBe('TOKEN_EXPIRED');
  });

  it('writes a session’s last-seen time at most once a minute, and still stops a revoked one at once', async () => {
    const session = await signIn();
    const sessionId = (
      JSON.parse(Buffer.from(session.token.split('.')[1] ?? '', 'base64url').toString()) as {
        sid: string;
      }
    ).sid;
    const row = async () =>
      (
        await h.pool.query<{ version: string; last_seen_at: Date }>(
          'SELECT xmin::text AS version, last_seen_at FROM sessions WHERE session_id = $1',
          [sessionId],
        )
      ).rows[0];
    const read = () =>
      h.call('POST', '/api/v1/esign/my/transactions', {
        body: { type: 0, limit: 10, page: 0 },
        token: session.token,
      });
    const before = await row();
    h.clock.advance(30_000);
    expect((await read()).status).toBe(200);
    // Within the minute: read, not written (the row's version is unchanged).
    expect(await row()).toEqual(before);
    h.clock.advance(31_000);
    expect((await read()).status).toBe(200);
    const after = await row();
    expect(after?.last_seen_at).toEqual(h.clock.now);
    expect(after?.version).not.toBe(before?.version);
    await h.pool.query('UPDATE sessions SET revoked_at = now() WHERE session_id = $1', [sessionId]);
    expect((await read()).status).toBe(401);
  });

  it('ends a session 12 hours after sign-in, however active', async () => {
    let token = (await signIn()).refreshToken;
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      h.clock.advance(20 * MINUTE);
      const next = await refresh(token);
      if (elapsed + 20 < 12 * 60) {
        expect(next.status, `at ${String(elapsed + 20)} min`).toBe(200);
        token = next.body.refreshToken;
      } else {
        expect(next.body.detail).toBe('TOKEN_EXPIRED');
      }
    }
  });

  it('refuses expired, tampered, unsigned and other-device access tokens', async () => {
    const session = await signIn();
    const call = (token: string, deviceId = DEVICE) =>
      h.call('POST', '/api/v1/auth/logout', { body: {}, token, deviceId });
    const [header, payload] = session.token.split('.') as [string, string, string];
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '2' })).toString('base64url')}.${session.token.split('.')[2] ?? ''}`;
    expect((await call(unsigned)).status).toBe(401);
    expect((await call(tampered)).status).toBe(401);
    expect((await call(session.token, OTHER_DEVICE)).status).toBe(401);
    h.clock.advance(5 * MINUTE + 1);
    expect((await call(session.token)).status).toBe(401);
  });

  it('revokes the session on logout: its access and refresh tokens stop working', async () => {
    const session = await signIn();
    expect(
      (await h.call('POST', '/api/v1/auth/logout', { body: {}, token: session.token })).body,
    ).toEqual({ status: '1', errorMessage: null });
    expect(
      (await h.call('POST', '/api/v1/auth/logout', { body: {}, token: session.token })).status,
    ).toBe(401);
    expect((await refresh(session.refreshToken)).body.detail).toBe('TOKEN_EXPIRED');
  });

  it('keeps refresh tokens only as hashes, and chains the audit log', async () => {
    const session = await signIn();
    const stored = await h.pool.query('SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [
      session.refreshToken,
    ]);
    expect(stored.rowCount).toBe(0);
    const log = (
      await h.pool.query<{ prev_hash: string; hash: string }>(
        'SELECT prev_hash, hash FROM audit_log ORDER BY audit_slno',
      )
    ).rows;
    expect(log.length).toBeGreaterThan(1);
    for (let i = 1; i < log.length; i += 1) expect(log[i]?.prev_hash).toBe(log[i - 1]?.hash);
    const logged = JSON.stringify((await h.pool.query('SELECT detail FROM audit_log')).rows);
    expect(logged).not.toContain(MEMBER_ID);
  });
});

describe('the identity-app simulator (issue 38)', () => {
  it('answers for every demo identity with that person’s own names, through the real client', async () => {
    const identities = demoIdentities();
    // npm start's list, the providers' staff and the L2 applicants' admins.
    expect(identities.length).toBeGreaterThan(25);
    for (const person of identities) {
      const made = await h.deps.identity.createRequest({
        nationalId: person.nationalId,
        service: 'Login',
        requestId: crypto.randomUUID(),
      });
      expect(await h.simulator.answer(made.transId, 'approve')).toBe(true);
      const answered = await h.deps.identity.status({
        nationalId: person.nationalId,
        transId: made.transId,
        random: made.random,
      });
      expect([
        person.nationalId,
        answered.person?.fullNameEnglish,
        answered.person?.fullNameArabic,
      ]).toEqual([person.nationalId, person.en, person.ar]);
    }
  });
});

/**
 * Sessions and codes that resist replay and brute force, lockouts no one else can aim (issue 11):
 * access tokens of type at+jwt with our kid only; 401 with WWW-Authenticate; one-time codes kept
 * as an HMAC; checks and sends throttled; progressive delays per account and address, the owner's
 * own browser untouched, the owner told, and the identity app as the way back.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/notifier/outbox.js';
import { compactJws } from '../src/jws.js';
import { hmac } from '../src/keys.js';
import { delayAfter, FREE_FAILURES } from '../src/modules/auth/lockout.js';
import { AUDIENCE, ISSUER } from '../src/modules/sessions/tokens.js';
import { DEVICE, startHarness } from './harness.js';
import { FRESH_PASSWORD, freshPerson } from './world.js';

const h = await startHarness();
const ATTACKER_DEVICE = 'f'.repeat(64);
/** Two people of the test's own: the owner of an account, and one an attacker guesses at. */
const sara = await freshPerson(h);
const noura = await freshPerson(h);
const SARA = sara.nationalId;
const NOURA = noura.nationalId;
const SARA_MOBILE = `+966${sara.mobile.slice(1)}`;

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
  await h.pool.query('DELETE FROM sign_in_failures');
  // A minute apart: a code still waiting from the test before would make a request a resend.
  h.clock.advance(61_000);
});

async function nafathSignIn(nationalID = SARA, deviceId = DEVICE) {
  const started = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
    body: { nationalID },
    deviceId,
  });
  await h.simulator.answer(started.body.transId, 'approve');
  const verified = await h.call('POST', '/api/v1/auth/nafath/login/verify', {
    body: { nationalID, transId: started.body.transId },
    deviceId,
  });
  return verified.body.session as { token: string; refreshToken: string };
}

/** A password attempt from an address and a device, as a client there would make it. */
async function password(
  username: string,
  secret: string,
  from: { address?: string; deviceId?: string } = {},
) {
  const answer = await h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/credentials/login/initiate',
    remoteAddress: from.address ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      'x-device-id': from.deviceId ?? DEVICE,
      'accept-language': 'en',
    },
    payload: JSON.stringify({ username, password: secret }),
  });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

describe('access tokens (RFC 9068, RFC 8725)', () => {
  let session: { token: string } | null = null;
  async function forge(header: Record<string, unknown>) {
    // One sign-in serves every forgery (the identity app allows a few requests per id).
    session ??= await nafathSignIn();
    // Signed with the real key, in the module: what only an insider with the HSM could do.
    const [row] = (
      await h.ownerPool.query<{ kid: string; key_label: string }>(
        'SELECT kid, key_label FROM signing_keys',
      )
    ).rows;
    const key = row && (await h.deps.vault.find(row.key_label));
    if (!row || !key) throw new Error('no key');
    const claims = JSON.parse(
      Buffer.from(session.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const token = await compactJws(
      { alg: 'ES256', kid: row.kid, typ: 'at+jwt', ...header },
      { ...claims, iss: ISSUER, aud: AUDIENCE },
      key,
    );
    return { token, real: session.token };
  }
  const logout = (token: string) => h.call('POST', '/api/v1/auth/logout', { body: {}, token });

  it('are issued as at+jwt with our kid', async () => {
    const { real } = await forge({});
    const header = JSON.parse(Buffer.from(real.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) });
  });

  it('are refused, signed with the real key, when typ is JWT, the kid unknown or missing, or a jku/x5u names another key', async () => {
    for (const header of [
      { typ: 'JWT' },
      { kid: 'someone-else' },
      { kid: undefined },
      { jku: 'https://evil.example/jwks.json' },
      { x5u: 'https://evil.example/cert.pem' },
    ]) {
      const { token } = await forge(header);
      const answer = await logout(token);
      expect(answer.status, JSON.stringify(header)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
    // The same claims under the right header are accepted: the header alone made the difference.
    const { token } = await forge({});
    expect((await logout(token)).status).toBe(200);
    session = null;
  });
});

describe('one-time codes', () => {
  it('are stored as an HMAC under the server secret, not as a hash anyone can brute-force', async () => {
    const started = await password(sara.username, FRESH_PASSWORD);
    const [message] = await readOutbox(h.pool, SARA_MOBILE);
    const code = /\d{6}/.exec(message?.body ?? '')?.[0] ?? '';
    const reference = started.body.otpReference as string;
    const [row] = (
      await h.pool.query<{ code_hash: string }>(
        'SELECT code_hash FROM otp_codes WHERE otp_reference = $1',
        [reference],
      )
    ).rows;
    const unkeyed = createHash('sha256').update(`${reference}:${code}`).digest('hex');
    expect(row?.code_hash).not.toBe(unkeyed);
    expect(row?.code_hash).toBe(hmac(h.deps.keys.otp, reference, code));
  });

  it('wait 60 s before another is sent while the last is unused, with the wait said, and come at most 5 an hour', async () => {
    expect((await password(sara.username, FRESH_PASSWORD)).status).toBe(200);
    h.clock.advance(10_000);
    const soon = await password(sara.username, FRESH_PASSWORD);
    expect(soon.status).toBe(429);
    expect(soon.headers['retry-after']).toBe('50');
    expect(soon.body.message).toBe(
      'A code was sent a moment ago. You can ask for a new one in 50 seconds.',
    );
    for (let sent = 2; sent <= 5; sent += 1) {
      h.clock.advance(61_000);
      expect((await password(sara.username, FRESH_PASSWORD)).status, `send ${String(sent)}`).toBe(
        200,
      );
    }
    h.clock.advance(61_000);
    const sixth = await password(sara.username, FRESH_PASSWORD);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('do not make a new sign-in wait after a finished one (that is not a resend)', async () => {
    const started = await password(sara.username, FRESH_PASSWORD);
    const [message] = await readOutbox(h.pool, SARA_MOBILE);
    const code = /\d{6}/.exec(message?.body ?? '')?.[0] ?? '';
    const verified = await h.call('POST', '/api/v1/auth/credentials/login/verifyOTP', {
      body: { otpReference: started.body.otpReference, otp: code },
    });
    expect(verified.body.status).toBe('1');
    expect((await password(sara.username, FRESH_PASSWORD)).status).toBe(200);
  });

  it('are checked at most 10 times per reference and 30 times per address in 15 minutes', async () => {
    const verify = (otpReference: string, address = '127.0.0.1') =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/credentials/login/verifyOTP',
        remoteAddress: address,
        headers: { 'content-type': 'application/json', 'x-device-id': DEVICE },
        payload: JSON.stringify({ otpReference, otp: '000000' }),
      });
    const reference = '0f0e0d0c-0b0a-4909-8807-060504030201';
    for (let i = 0; i < 10; i += 1) expect((await verify(reference)).statusCode).toBe(200);
    const eleventh = await verify(reference);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 30; i += 1)
      await verify(`0f0e0d0c-0b0a-4909-8807-0605040302${String(10 + i)}`, '198.51.100.9');
    expect((await verify('0f0e0d0c-0b0a-4909-8807-060504030299', '198.51.100.9')).statusCode).toBe(
      429,
    );
    // Another address is not slowed by that one.
    expect((await verify('0f0e0d0c-0b0a-4909-8807-060504030298', '198.51.100.10')).statusCode).toBe(
      200,
    );
  });
});

describe('failed passwords: delays no one can aim at the owner', () => {
  it('grows the wait after a few failures, per account and per address, and never locks for good', async () => {
    expect(delayAfter(FREE_FAILURES - 1)).toBe(0);
    expect(delayAfter(FREE_FAILURES)).toBe(30);
    expect(delayAfter(FREE_FAILURES + 1)).toBe(60);
    expect(delayAfter(1000)).toBe(15 * 60);
    const attacker = { address: '203.0.113.50', deviceId: ATTACKER_DEVICE };
    for (let i = 0; i < FREE_FAILURES; i += 1)
      expect((await password(noura.username, 'guess', attacker)).status).toBe(200);
    const slowed = await password(noura.username, 'guess', attacker);
    expect(slowed.status).toBe(429);
    expect(slowed.headers['retry-after']).toBe('30');
    expect(slowed.body.message).toBe('Too many attempts. Try again in 30 seconds.');
    // The same wait from another address for this account (unknown devices share it) …
    expect(
      (await password(noura.username, 'guess', { ...attacker, address: '203.0.113.51' })).status,
    ).toBe(429);
    // … and passes with time.
    h.clock.advance(31_000);
    expect((await password(noura.username, 'guess', attacker)).status).toBe(200);
  });

  it('slows one address spraying many accounts', async () => {
    const sprayer = { address: '203.0.113.77', deviceId: ATTACKER_DEVICE };
    for (let i = 0; i < FREE_FAILURES; i += 1)
      expect((await password(`user${String(i)}`, 'guess', sprayer)).status).toBe(200);
    expect((await password('someone-else', 'guess', sprayer)).status).toBe(429);
  });

  it('lets the owner in from their own browser while an attacker is slowed, and tells the owner', async () => {
    await nafathSignIn(SARA, DEVICE); // Sara's browser is a registered device of hers.
    const outboxBefore = (await readOutbox(h.pool, SARA_MOBILE)).length;
    const attacker = { address: '203.0.113.60', deviceId: ATTACKER_DEVICE };
    for (let i = 0; i < FREE_FAILURES; i += 1) await password(sara.username, 'guess', attacker);
    expect((await password(sara.username, 'guess', attacker)).status).toBe(429);
    const owner = await password(sara.username, FRESH_PASSWORD, {
      address: '192.0.2.10',
      deviceId: DEVICE,
    });
    expect(owner.status).toBe(200);
    expect(owner.body.maskedDestination).toBe(`+9665*****${sara.mobile.slice(-3)}`);
    const notices = await h.pool.query<{ title_en: string }>(
      "SELECT n.title_en FROM notifications n JOIN users u USING (user_slno) WHERE u.national_id = $1 AND n.title_en = 'Failed sign-in attempts'",
      [SARA],
    );
    expect(notices.rowCount).toBe(1);
    const messages = await readOutbox(h.pool, SARA_MOBILE);
    expect(messages.length).toBeGreaterThan(outboxBefore);
    expect(messages.some((message) => message.body.includes('محاولات'))).toBe(true);
    const locked = await h.pool.query(
      "SELECT outcome FROM audit_log WHERE action = 'account.locked' ORDER BY audit_slno DESC LIMIT 1",
    );
    expect(locked.rows).toEqual([{ outcome: 'denied' }]);
  });

  it('after 100 failures in a row asks for the identity app, which clears the way again', async () => {
    await h.pool.query(
      'INSERT INTO sign_in_failures (key, consecutive, last_failure_at, blocked_until) VALUES ($2, 99, $1, $1)',
      [h.clock.now, `account:${noura.username}`],
    );
    const attacker = { address: '203.0.113.90', deviceId: ATTACKER_DEVICE };
    await password(noura.username, 'guess', attacker);
    h.clock.advance(16 * 60_000);
    const paused = await password(noura.username, FRESH_PASSWORD, attacker);
    expect(paused.status).toBe(403);
    expect(paused.body).toMatchObject({ detail: 'IDENTITY_APP_REQUIRED' });
    expect(paused.body.message).toMatch(/Sign in with Nafath/);
    await nafathSignIn(NOURA, ATTACKER_DEVICE.replace(/f/g, 'a'));
    const after = await password(noura.username, FRESH_PASSWORD, { address: '203.0.113.91' });
    expect(after.status).toBe(200);
  });

  it('answers an unknown username exactly as a known one', async () => {
    const from = { address: '203.0.113.100', deviceId: ATTACKER_DEVICE };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i <= FREE_FAILURES; i += 1) {
      known.push((await password(noura.username, 'guess', from)).status);
      unknown.push(
        (await password('nobody-here', 'guess', { ...from, address: '203.0.113.101' })).status,
      );
    }
    expect(unknown).toEqual(known);
  });
});

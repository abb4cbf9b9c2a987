/**
 * Google reCAPTCHA by configuration (issue 17): the portal is told to use it, the CSP lets its
 * script in, and a token counts only when Google's siteverify (here a loopback stand-in that
 * checks the secret it is sent) says it is a person's with enough score.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';

const seen: URLSearchParams[] = [];
const google = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const form = new URLSearchParams(body);
    seen.push(form);
    const person =
      form.get('secret') === 'test-recaptcha-secret-0123456789abcdefghij' &&
      form.get('response') === 'human';
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: person, score: person ? 0.9 : 0.1 }));
  });
});
await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
afterAll(() => google.close());

const h = await startHarness({
  CAPTCHA_PROVIDER: 'recaptcha',
  RECAPTCHA_SITE_KEY: 'test-site-key',
  RECAPTCHA_SECRET: 'test-recaptcha-secret-0123456789abcdefghij',
  RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${String((google.address() as AddressInfo).port)}/siteverify`,
});

const message = { name: 'Visitor', email: 'v@example.sa', subject: 'Hello', message: 'Hi' };

describe('reCAPTCHA, when configured', () => {
  it('is what the portal is told to use, and the CSP lets Google’s script in', async () => {
    const key = await h.call('GET', '/api/v1/common/getRecaptchaClientKey');
    expect(key.body).toEqual({ clientKey: 'test-site-key', provider: 'recaptcha' });
    expect(key.headers.get('content-security-policy')).toContain('https://www.google.com');
    // There is no embedded challenge to solve.
    expect((await h.call('GET', '/api/v1/common/captcha/challenge')).status).toBe(404);
  });

  it('takes a token Google says is a person’s, and refuses another', async () => {
    const robot = await h.call('POST', '/api/v1/common/contactUs', {
      body: { ...message, captchaToken: 'robot' },
    });
    expect(robot.status).toBe(400);
    const person = await h.call('POST', '/api/v1/common/contactUs', {
      body: { ...message, captchaToken: 'human' },
    });
    expect(person.status).toBe(200);
    expect(seen.at(-1)?.get('secret')).toBe('test-recaptcha-secret-0123456789abcdefghij');
  });
});

/**
 * Hardening, second round (issue 41): what an attacker still found, each a test.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isCanonicalPath } from '../src/http/canonicalPath.js';
import { SARA, startHarness } from './harness.js';

const h = await startHarness({ RATE_LIMIT_PER_MINUTE: '5' });

/** A GET with its path sent as written (fetch would resolve dot segments first). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(h.baseUrl), { path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('paths written another way than routing reads them', () => {
  it('are refused with 400 before routing, so they pass neither the rate limit nor no-store', async () => {
    const session = await h.signIn(SARA);
    // Routing would decode %61 to "a": these reached /api/… past the limit and without no-store.
    for (const path of [
      '/%61pi/v1/common/get/vat',
      '/api/%761/common/get/vat',
      '/api/v1/profile/%6dy',
      '/api/v1/./profile/my',
      '/api//v1/profile/my',
      '/api/v1/profile/my%00',
      '/api/v1/profile/my%zz',
    ]) {
      const answer = await rawGet(path, {
        authorization: `Bearer ${session.token}`,
        'accept-language': 'en',
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(answer.body.message).toMatch(/not written in its plain form/);
      expect(JSON.stringify(answer.body)).not.toContain('nationalId');
    }
    const arabic = await h.call('GET', '/%61pi/v1/common/get/vat', { language: 'ar' });
    expect(arabic.body.message).toMatch(/غير مكتوب بصيغته المباشرة/);

    // The limit is five a minute; signing in took two. The refused requests took none: three
    // plain ones are served, then the limit holds.
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await h.call('GET', '/api/v1/common/get/vat')).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    // Encoded, the same path is still refused, not served past the limit.
    expect((await h.call('GET', '/%61pi/v1/common/get/vat')).status).toBe(400);
  });

  it('keeps the escapes a path needs: reserved characters, spaces, non-ASCII', () => {
    expect(isCanonicalPath('/pki/ocsp/MEIwQDA%2BMDwwOjAJBgUrDgMCGgUABBQ%2F%3D')).toBe(true);
    expect(isCanonicalPath('/app/my/dsc/manage?q=%61')).toBe(true);
    expect(isCanonicalPath('/locales/ar/%D8%B9.json')).toBe(true);
    expect(isCanonicalPath('/files/a%20b.pdf')).toBe(true);
    expect(isCanonicalPath('/%7Euser')).toBe(false);
    expect(isCanonicalPath('/a/..')).toBe(false);
    expect(isCanonicalPath('/a\\b')).toBe(false);
  });
});

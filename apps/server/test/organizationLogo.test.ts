/**
 * An organization's own logo on its signatures' stamps (issue 44): its Enrolment Admin uploads it
 * on the profile (a PNG or JPEG read from its header, within bounds), members see it, others may
 * not change it; a signature on its counters that asks for the `organization` appearance shows it
 * — drawn by poppler inside the stamp — and one asked for where there is no logo is refused before
 * anyone is asked to approve.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { logoImageOf } from '../src/modules/documents/logo.js';
import { esignKit } from './esignKit.js';
import { startHarness } from './harness.js';
import { freshOrganization, type FreshPerson } from './world.js';

const h = await startHarness();
h.clock.now = new Date();
const { pdfOf } = esignKit(h);
// An organization of this file's own: its Enrolment Admin, who signs for it, and a member.
const world = await freshOrganization(h, {
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['organizationUser']],
});
const ORGANIZATION = world.orgSlno;
const [admin, member] = world.members as [FreshPerson, FreshPerson];
const adminSession = await h.signIn(admin.nationalId);
const memberSession = await h.signIn(member.nationalId);
const folder = mkdtempSync(join(tmpdir(), 'tawqi-logo-'));

beforeEach(async () => {
  await h.ownerPool.query(
    "DELETE FROM rate_limit_hits WHERE bucket LIKE 'nafath:%' OR bucket LIKE 'esign-ask%'",
  );
});

/** A PNG of one colour, `width` × `height`, 8-bit RGB. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const RED_LOGO = solidPng(120, 48, [220, 20, 20]);
const logoPath = `/api/v1/profile/org/${String(ORGANIZATION)}/logo`;
const upload = (token: string, bytes: Buffer, type = 'image/png') =>
  h.call('POST', logoPath, { token, body: bytes, headers: { 'content-type': type } });

/** The share of strongly red pixels in a page's rectangle (points from its lower left), at 72 dpi. */
function redIn(pdf: Buffer, [x1, y1, x2, y2]: readonly number[]): number {
  const path = join(folder, `${randomUUID()}.pdf`);
  writeFileSync(path, pdf);
  execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', path, path]);
  const image = readFileSync(`${path}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/u.exec(image.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PPM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = image.subarray(header[0].length);
  let red = 0;
  let all = 0;
  for (let y = Math.round(height - (y2 ?? 0)); y < Math.round(height - (y1 ?? 0)); y++)
    for (let x = Math.round(x1 ?? 0); x < Math.round(x2 ?? 0); x++) {
      all++;
      const at = (y * width + x) * 3;
      if ((pixels[at] ?? 0) > 180 && (pixels[at + 1] ?? 255) < 80 && (pixels[at + 2] ?? 255) < 80)
        red++;
    }
  return red / all;
}

/** The admin signs one PDF on the organization's counters with `appearance`, at a known place; the signed PDF. */
async function signedOnCounters(appearance: string) {
  const asked = await h.call('POST', `/api/v1/esign/org/${String(ORGANIZATION)}/sign`, {
    token: adminSession.token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      consent: true,
      documents: [
        {
          kind: 'pdf',
          name: 'order.pdf',
          content: (await pdfOf(1)).toString('base64'),
          stamp: { appearance, placement: '1-300,100,520,180' },
        },
      ],
    },
  });
  if (asked.status !== 200) return { asked, signed: null };
  const [waiting] = await h.simulator.pending(admin.nationalId);
  await h.simulator.answer(waiting?.transId ?? '', 'approve');
  const token = new URL(String(asked.body.approvalPath), h.baseUrl).searchParams.get('request');
  for (;;) {
    h.clock.now = new Date();
    const page = await h.call('GET', `/api/v1/esign/approval/${String(token)}`);
    if (page.body.status !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const zip = await h.call('POST', '/api/v1/esign/my/documents', {
    token: adminSession.token,
    body: { transactionID: asked.body.transactionID },
  });
  const one = await h.call(
    'GET',
    `/api/v1/esign/my/documents/${String(zip.body.dataList[0].uniqueFileID)}/signed`,
    { token: adminSession.token },
  );
  return { asked, signed: one.raw };
}

describe('an organization’s logo on its signatures', () => {
  it('reads a logo from its header, within bounds, whatever its name says', () => {
    expect(logoImageOf(RED_LOGO)).toEqual({ mediaType: 'image/png', width: 120, height: 48 });
    expect(logoImageOf(solidPng(8, 8, [0, 0, 0]))).toBeNull();
    expect(logoImageOf(solidPng(1200, 20, [0, 0, 0]))).toBeNull();
    // A JPEG's frame header: 64 × 40.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x28,
      0x00, 0x40, 0x01, 0x01, 0x11, 0x00,
    ]);
    expect(logoImageOf(jpeg)).toEqual({ mediaType: 'image/jpeg', width: 64, height: 40 });
    expect(logoImageOf(Buffer.from('GIF89a......'))).toBeNull();
  });

  it('refuses the organization appearance while there is no logo, before anyone is asked', async () => {
    await h.ownerPool.query('DELETE FROM organization_logos WHERE org_slno = $1', [ORGANIZATION]);
    const { asked } = await signedOnCounters('organization');
    expect(asked.status).toBe(422);
    expect(asked.body.detail).toBe('E1012');
    expect(await h.simulator.pending(admin.nationalId)).toHaveLength(0);
  });

  it('is changed by the Enrolment Admin only, seen by members, and refused when not an image', async () => {
    expect((await upload(memberSession.token, RED_LOGO)).status).toBe(403);
    const refused = await h.call('POST', logoPath, {
      token: adminSession.token,
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      headers: { 'content-type': 'image/png' },
      language: 'ar',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/شعار/u);
    const taken = await upload(adminSession.token, RED_LOGO);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toEqual({ width: 120, height: 48 });
    const seen = await h.call('GET', logoPath, { token: memberSession.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      logo: { mediaType: 'image/png', content: RED_LOGO.toString('base64') },
    });
    const { rows } = await h.pool.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'organization.logo.%' AND org_slno = $1`,
      [ORGANIZATION],
    );
    expect(rows.map((row) => row.action)).toContain('organization.logo.uploaded');
  });

  it('draws the logo inside the stamp of a signature on its counters, and not otherwise', async () => {
    await upload(adminSession.token, RED_LOGO);
    const withLogo = await signedOnCounters('organization');
    expect(withLogo.signed).not.toBeNull();
    const stamp = [300, 100, 520, 180];
    expect(redIn(withLogo.signed ?? Buffer.alloc(0), stamp)).toBeGreaterThan(0.02);
    const withWords = await signedOnCounters('text');
    expect(redIn(withWords.signed ?? Buffer.alloc(0), stamp)).toBe(0);

    // Removed: the service's mark again, and the appearance refused.
    const removed = await h.call('POST', `${logoPath}/remove`, { token: adminSession.token });
    expect(removed.status).toBe(200);
    expect((await h.call('GET', logoPath, { token: adminSession.token })).body).toEqual({
      logo: null,
    });
  }, 120_000);
});

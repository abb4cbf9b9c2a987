/**
 * An organization's own logo on its signatures' stamps: uploaded on the organization
 * profile by an Enrolment Admin, shown to its members, drawn on the stamp of a signature its
 * counters pay for when the request asks for the `organization` appearance.
 *
 * Only PNG and JPEG, read from their headers (not their names): a PNG of 8 bits a channel at most,
 * any JPEG frame, each side 16–1000 pixels — a logo, not a photograph to decode on every stamp.
 */
import { LOGO_MAX_SIDE, LOGO_MIN_SIDE } from '@tawqi/api';
import type { Queryable } from '../../db/pool.js';

export interface LogoImage {
  mediaType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngOf(bytes: Buffer): LogoImage | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const bitDepth = bytes[24] ?? 0;
  const colourType = bytes[25] ?? 255;
  if (bitDepth > 8 || ![0, 2, 3, 4, 6].includes(colourType)) return null;
  return { mediaType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A JPEG's size from its first frame header (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegOf(bytes: Buffer): LogoImage | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return {
        mediaType: 'image/jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** What the bytes are, when they are a logo we take; null otherwise. */
export function logoImageOf(bytes: Buffer): LogoImage | null {
  const image = pngOf(bytes) ?? jpegOf(bytes);
  if (!image) return null;
  const sides = [image.width, image.height];
  return sides.every((side) => side >= LOGO_MIN_SIDE && side <= LOGO_MAX_SIDE) ? image : null;
}

export interface StoredLogo {
  mediaType: LogoImage['mediaType'];
  content: Buffer;
}

export async function organizationLogo(db: Queryable, orgSlno: number): Promise<StoredLogo | null> {
  const { rows } = await db.query<{ media_type: LogoImage['mediaType']; content: Buffer }>(
    'SELECT media_type, content FROM organization_logos WHERE org_slno = $1',
    [orgSlno],
  );
  const [row] = rows;
  return row ? { mediaType: row.media_type, content: row.content } : null;
}

/** Whether the organization has a logo (without reading it: a check on every signing request). */
export async function organizationHasLogo(db: Queryable, orgSlno: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM organization_logos WHERE org_slno = $1', [
    orgSlno,
  ]);
  return rowCount === 1;
}

export async function saveOrganizationLogo(
  db: Queryable,
  orgSlno: number,
  logo: LogoImage & { content: Buffer },
  by: number,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO organization_logos (org_slno, media_type, content, width, height, uploaded_by, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (org_slno) DO UPDATE SET media_type = EXCLUDED.media_type, content = EXCLUDED.content,
            width = EXCLUDED.width, height = EXCLUDED.height, uploaded_by = EXCLUDED.uploaded_by,
            uploaded_at = EXCLUDED.uploaded_at`,
    [orgSlno, logo.mediaType, logo.content, logo.width, logo.height, by, now],
  );
}

export async function removeOrganizationLogo(db: Queryable, orgSlno: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM organization_logos WHERE org_slno = $1', [
    orgSlno,
  ]);
  return (rowCount ?? 0) > 0;
}

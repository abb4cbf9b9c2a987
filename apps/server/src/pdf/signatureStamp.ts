/**
 * A signature's visible stamp: what a reader of the viewed or printed PDF sees where a
 * person signed — who (both names, as their certificate has them), when (Riyadh's time, Gregorian
 * and Hijri), why, and a QR code to the verify page for this transaction. Drawn as a one-page PDF
 * of the stamp's own size by the bilingual writer (Arabic shaped and right to left by fontkit and
 * bidi-js, as the invoices are); the signing side places that page as the signature widget's
 * appearance (pki/pades.ts).
 */
import { DISPLAY_TIME_ZONE } from '@tawqi/domain';
import { BilingualPdf, MUTED, riyadhTime } from './bilingualPdf.js';

/**
 * How the stamp looks: with the service's mark, words only, or the paying organization's own logo
 * (always with the QR code).
 */
export const STAMP_APPEARANCES = ['logo', 'text', 'organization'] as const;
export type StampAppearance = (typeof STAMP_APPEARANCES)[number];

export interface StampContent {
  appearance: StampAppearance;
  /** For the `organization` appearance: its logo (PNG or JPEG) and its names. */
  organization?: { logo: Uint8Array; nameArabic: string; nameEnglish: string };
  nameArabic: string;
  nameEnglish: string;
  signedAt: Date;
  reason: string;
  /** Where the QR code leads: the verify page, naming the transaction. */
  verifyUrl: string;
}

/** The service's colour and mark (the portal's favicon: a signature's stroke on green). */
const BRAND = '#0b6b4f';
const MARK_STROKE = 'M8 21c3-1 5-7 8-7s2 5 4 5 3-3 4-4';

const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
/** The stamp, `width` × `height` points, as a one-page PDF. */
export async function drawStamp(
  content: StampContent,
  width: number,
  height: number,
): Promise<Buffer> {
  const stamp = new BilingualPdf('Signature', [width, height]);
  const { doc } = stamp;
  const pad = Math.max(3, height * 0.06);
  doc
    .roundedRect(0.5, 0.5, width - 1, height - 1, 4)
    .lineWidth(1)
    .fillAndStroke('#ffffff', BRAND);
  const qrSize = Math.min(height - 2 * pad, width * 0.3);
  stamp.qr(content.verifyUrl, pad, (height - qrSize) / 2, qrSize);

  const left = pad * 2 + qrSize;
  const room = width - left - pad;
  // Five lines (and the mark's row) share the height, in units of the text's size.
  const organization = content.appearance === 'organization' ? content.organization : undefined;
  const units = content.appearance === 'text' ? 7 : 9;
  const size = Math.max(4, Math.min(9, (height - 2 * pad) / units));
  let y = pad;
  if (organization) {
    const row = size * 1.6;
    const logoWidth = room * 0.4;
    try {
      doc.image(Buffer.from(organization.logo), width - pad - logoWidth, y, {
        fit: [logoWidth, row],
        align: 'right',
        valign: 'center',
      });
    } catch {
      // An image PDFKit cannot read (it was checked when uploaded): the organization's name alone.
    }
    // One line beside the logo: the name in Arabic (the certificate's names follow in both).
    stamp.text(organization.nameArabic, {
      x: left,
      y: y + (row - size) / 2 - size * 0.2,
      width: room - logoWidth - pad,
      size: size * 0.85,
      bold: true,
      color: BRAND,
      align: 'right',
    });
    y += row + size * 0.3;
  } else if (content.appearance !== 'text') {
    const mark = size * 1.6;
    doc.save();
    doc.roundedRect(width - pad - mark, y, mark, mark, mark * 0.22).fill(BRAND);
    doc
      .translate(width - pad - mark, y)
      .scale(mark / 32)
      .path(MARK_STROKE)
      .lineWidth(2.5)
      .lineCap('round')
      .stroke('#ffffff');
    doc.restore();
    stamp.text('توقيع · Tawqi', {
      x: left,
      y: y + (mark - size) / 2 - size * 0.2,
      width: room - mark - pad,
      size,
      bold: true,
      color: BRAND,
      align: 'right',
    });
    y += mark + size * 0.3;
  }
  y += stamp.text(content.nameArabic, { x: left, y, width: room, size: size * 1.1, bold: true });
  y += stamp.text(content.nameEnglish, {
    x: left,
    y,
    width: room,
    size: size * 1.05,
    bold: true,
    align: 'left',
  });
  y += stamp.text(riyadhTime(content.signedAt.toISOString()), {
    x: left,
    y,
    width: room,
    size: size * 0.9,
    align: 'left',
  });
  y += stamp.text(hijri.format(content.signedAt), { x: left, y, width: room, size: size * 0.9 });
  // Its reason in what is left of the box: two lines (the transaction's id wraps to the second)
  // at the height BilingualPdf gives a line, so the last is not cut off at the stamp's edge.
  stamp.text(content.reason, {
    x: left,
    y,
    width: room,
    size: Math.min(size * 0.8, (height - pad - y) / (2 * 1.45)),
    color: MUTED,
    align: 'left',
  });
  return stamp.finish();
}

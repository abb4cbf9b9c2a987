/**
 * The subscriber agreement: one way to record that a person (or a pre-enrolment application)
 * accepted it — the version they read, in which language, from where — and to refuse an
 * acceptance of a version that is no longer current (pre-enrolment, invitations, certificates);
 * and to give a person each acceptance of theirs back, listed and as a PDF record.
 */
import { SUBSCRIBER_AGREEMENT_VERSION, type Language } from '@tawqi/domain';
import type { Queryable } from '../db/pool.js';
import type { HandlerContext } from '../http/contractRoutes.js';
import { AppError } from '../http/errors.js';
import { BilingualPdf, PAGE, riyadhTime } from '../pdf/bilingualPdf.js';

const CHANGED = {
  en: 'The subscriber agreement has changed since you read it. Read it again and accept it.',
  ar: 'تغيّرت اتفاقية المشترك منذ قرأتها. اقرأها مرة أخرى ووافق عليها.',
} as const satisfies Record<Language, string>;

/** Refuses (409) an acceptance of another version than the current one. */
export function requireCurrentAgreement(version: string): void {
  if (version !== SUBSCRIBER_AGREEMENT_VERSION)
    throw new AppError(409, 'CONFLICT', { localized: CHANGED });
}

/** Records an acceptance of the current version; answers its number. */
export async function recordAcceptance(
  tx: Queryable,
  context: Pick<HandlerContext, 'language' | 'request' | 'deviceId'>,
  by: { userSlno: number } | { applicationSlno: number },
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ acceptance_slno: number }>(
    `INSERT INTO agreement_acceptances (document, version, language, user_slno, application_slno, accepted_at, ip, device_id)
     VALUES ('subscriberAgreement', $1, $2, $3, $4, $5, $6, $7) RETURNING acceptance_slno`,
    [
      SUBSCRIBER_AGREEMENT_VERSION,
      context.language,
      'userSlno' in by ? by.userSlno : null,
      'applicationSlno' in by ? by.applicationSlno : null,
      now,
      context.request.ip,
      context.deviceId,
    ],
  );
  return (rows[0] as { acceptance_slno: number }).acceptance_slno;
}

/**
 * The acceptances a person made (the account listed none): their own, and those of
 * the pre-enrolment applications they made (found by their national id), with the organization
 * the application became.
 */
const ACCEPTANCES_OF = `FROM agreement_acceptances x
  LEFT JOIN applications ap ON ap.application_slno = x.application_slno
  LEFT JOIN l2_requests r ON r.request_slno = ap.l2_request_slno
  LEFT JOIN organizations o ON o.org_slno = r.l2_org_slno
  JOIN users u ON u.user_slno = $1
 WHERE x.user_slno = $1 OR ap.national_id = u.national_id`;

interface AcceptanceRow {
  acceptance_slno: number;
  version: string;
  language: Language;
  accepted_at: Date;
  ip: string | null;
  org_en: string | null;
  org_ar: string | null;
  full_name_en: string;
  full_name_ar: string;
}

const ACCEPTANCE_COLUMNS = `x.acceptance_slno, x.version, x.language, x.accepted_at, x.ip,
  o.name_en AS org_en, o.name_ar AS org_ar, u.full_name_en, u.full_name_ar`;

/** An acceptance's id among a person's agreements (theirs are files; these are records). */
const ACCEPTANCE_FILE = /^acceptance-(\d{1,9})$/u;

export async function acceptancesOf(db: Queryable, userSlno: number, language: Language) {
  const { rows } = await db.query<AcceptanceRow>(
    `SELECT ${ACCEPTANCE_COLUMNS} ${ACCEPTANCES_OF} ORDER BY x.accepted_at, x.acceptance_slno`,
    [userSlno],
  );
  return rows.map((row) => ({
    userType: RECORD_TITLE.record[language],
    organization: (language === 'ar' ? row.org_ar : row.org_en) ?? '',
    uniqueFileID: `acceptance-${String(row.acceptance_slno)}`,
    fileName: `Subscriber_Agreement_${row.version}_accepted.pdf`,
    title: RECORD_TITLE.document[language],
    acceptedAt: row.accepted_at.toISOString(),
  }));
}

const RECORD_TITLE = {
  document: { en: 'Subscriber agreement', ar: 'اتفاقية المشترك' },
  record: { en: 'Record of acceptance', ar: 'سجل القبول' },
  version: { en: 'Version', ar: 'الإصدار' },
  acceptedBy: { en: 'Accepted by', ar: 'قَبِلها' },
  acceptedOn: { en: 'Accepted on', ar: 'تاريخ القبول' },
  readIn: { en: 'Read in', ar: 'لغة النص المقروء' },
  from: { en: 'From the address', ar: 'من العنوان' },
  organization: { en: 'Organization', ar: 'المنشأة' },
  languages: { ar: { en: 'Arabic', ar: 'العربية' }, en: { en: 'English', ar: 'الإنجليزية' } },
} as const;

/**
 * One of the person's acceptances as a PDF: what they accepted, when, in which language and
 * from where, in both languages. Null when the id is no acceptance; another's is not found.
 */
export async function acceptanceRecord(
  db: Queryable,
  userSlno: number,
  uniqueFileId: string,
): Promise<{ bytes: Buffer; fileName: string } | null> {
  const slno = ACCEPTANCE_FILE.exec(uniqueFileId)?.[1];
  if (slno === undefined) return null;
  const [row] = (
    await db.query<AcceptanceRow>(
      `SELECT ${ACCEPTANCE_COLUMNS} ${ACCEPTANCES_OF} AND x.acceptance_slno = $2`,
      [userSlno, Number(slno)],
    )
  ).rows;
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const title = RECORD_TITLE.document;
  const pdf = new BilingualPdf(`${title.en}: ${RECORD_TITLE.record.en}`);
  const inner = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin;
  pdf.text(`${title.en}: ${RECORD_TITLE.record.en}`, {
    x: PAGE.margin,
    y,
    width: inner / 2,
    size: 14,
    bold: true,
  });
  pdf.text(`${title.ar}: ${RECORD_TITLE.record.ar}`, {
    x: PAGE.margin + inner / 2,
    y,
    width: inner / 2,
    size: 14,
    bold: true,
  });
  y += 30;
  pdf.rule(y);
  y += 8;
  y = pdf.labelled(y, RECORD_TITLE.version, row.version);
  y = pdf.labelled(y, RECORD_TITLE.acceptedBy, row.full_name_en);
  y = pdf.labelled(y, { en: '', ar: '' }, row.full_name_ar);
  y = pdf.labelled(y, RECORD_TITLE.acceptedOn, riyadhTime(row.accepted_at.toISOString()));
  const read = RECORD_TITLE.languages[row.language];
  y = pdf.labelled(y, RECORD_TITLE.readIn, `${read.en} / ${read.ar}`);
  if (row.ip) y = pdf.labelled(y, RECORD_TITLE.from, row.ip);
  if (row.org_en) {
    y = pdf.labelled(y, RECORD_TITLE.organization, row.org_en);
    pdf.labelled(y, { en: '', ar: '' }, row.org_ar ?? '');
  }
  return {
    bytes: await pdf.finish(),
    fileName: `Subscriber_Agreement_${row.version}_accepted.pdf`,
  };
}

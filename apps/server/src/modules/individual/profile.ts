/**
 * A person's own profile (SPEC §7 "Profile" (my)): their identity as the identity app gave it,
 * their mobile and e-mail in each of their organizations, and their agreements. The caller's own
 * only: another person's agreement is "not found".
 */
import { maskNationalId, type Language } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import { FileAnswer } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { acceptanceRecord, acceptancesOf } from '../agreements.js';
import { localWord } from '../words.js';
import { isoDate } from './plans.js';

export async function profileOf(db: Queryable, userSlno: number, language: Language) {
  const [user] = (
    await db.query<{
      user_slno: number;
      full_name_en: string;
      full_name_ar: string;
      national_id: string;
      nationality: string;
      email: string | null;
      mobile: string | null;
      username: string | null;
      kyc_valid_till: Date | null;
      created_at: Date;
    }>(
      `SELECT u.user_slno, u.full_name_en, u.full_name_ar, u.national_id, u.email, u.mobile, u.username, u.kyc_valid_till, u.created_at,
              u.nationality
         FROM users u WHERE u.user_slno = $1`,
      [userSlno],
    )
  ).rows;
  if (!user) throw new AppError(404, 'NOT_FOUND');
  return {
    userSlno: user.user_slno,
    fullNameEnglish: user.full_name_en,
    fullNameArabic: user.full_name_ar,
    maskedNationalId: maskNationalId(user.national_id),
    // Stored as the identity app gives it (English), named in the caller's language, as the
    // organization's screens name it (one catalogue: TERMS).
    nationality: localWord(user.nationality, language),
    email: user.email,
    mobile: user.mobile,
    kycValidTill: user.kyc_valid_till ? isoDate(user.kyc_valid_till) : null,
    createdDate: user.created_at.toISOString(),
    username: user.username,
  };
}

/** The person's mobile or e-mail in each of their organizations, the first as primary. */
export async function contactsInOrganizations(
  db: Queryable,
  userSlno: number,
  column: 'mobile' | 'email',
) {
  const { rows } = await db.query<{
    name_en: string;
    name_ar: string;
    contact: string;
    first: boolean;
  }>(
    `SELECT o.name_en, o.name_ar, m.${column} AS contact, row_number() OVER (ORDER BY m.organization_user_slno) = 1 AS first
       FROM memberships m JOIN organizations o USING (org_slno) WHERE m.user_slno = $1 ORDER BY m.organization_user_slno`,
    [userSlno],
  );
  return rows.map((row) => ({
    organizationName: row.name_en,
    organizationNameArabic: row.name_ar,
    isPrimary: row.first,
    contact: row.contact,
  }));
}

export async function agreementsOf(db: Queryable, userSlno: number, language: Language) {
  const { rows } = await db.query<{
    user_type: string;
    name_en: string | null;
    name_ar: string | null;
    unique_file_id: string;
    file_name: string;
    title_en: string | null;
    title_ar: string | null;
    accepted_at: Date | null;
  }>(
    `SELECT a.user_type, o.name_en, o.name_ar, a.unique_file_id, a.file_name, a.title_en, a.title_ar, a.accepted_at
       FROM agreements a LEFT JOIN organizations o USING (org_slno)
      WHERE a.user_slno = $1 ORDER BY a.agreement_slno`,
    [userSlno],
  );
  return [
    ...rows.map((row) => ({
      userType: localWord(row.user_type, language),
      organization: (language === 'ar' ? row.name_ar : row.name_en) ?? '',
      uniqueFileID: row.unique_file_id,
      fileName: row.file_name,
      // A file without a title is named by its file name, which is what it downloads as.
      title:
        (language === 'ar' ? row.title_ar : row.title_en) ?? row.file_name.replace(/\.pdf$/iu, ''),
      acceptedAt: row.accepted_at?.toISOString() ?? null,
    })),
    // The subscriber agreements they accepted (pre-enrolment, invitations, certificates).
    ...(await acceptancesOf(db, userSlno, language)),
  ];
}

/** One of the person's agreements as a file; another's is "not found". */
export async function agreementFile(
  db: Queryable,
  userSlno: number,
  uniqueFileId: string,
): Promise<FileAnswer> {
  const record = await acceptanceRecord(db, userSlno, uniqueFileId);
  if (record) return new FileAnswer(record.bytes, record.fileName, 'application/pdf');
  const [agreement] = (
    await db.query<{ file_name: string; content: Buffer }>(
      'SELECT file_name, content FROM agreements WHERE unique_file_id = $1 AND user_slno = $2',
      [uniqueFileId, userSlno],
    )
  ).rows;
  if (!agreement) throw new AppError(404, 'NOT_FOUND');
  return new FileAnswer(agreement.content, agreement.file_name);
}

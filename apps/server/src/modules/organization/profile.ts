/**
 * An organization as its profile shows it (SPEC §2 `orgProfile`: the organization, its sponsors
 * and technical contacts, its Enrolment Admins), read by its slno: the organization's own tabs
 * read their tenant's, and an L1 provider reads an applying L2's the same way (modules/providers).
 */
import type { Language } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import { SEAL_STATUS } from '../pki/organizationCertificates.js';
import { inLanguage, localWord } from '../words.js';
import { activeMember } from '../access/membership.js';

/** The organization's profile (SPEC §3 "Organization profile"); null when there is none. */
export async function organizationProfile(db: Queryable, orgSlno: number, language: Language) {
  const { rows } = await db.query<{
    en: string;
    ar: string;
    dba_name: string;
    dba_name_ar: string;
    sip_id: string;
    cr_number: string;
    unified_org_no: string;
    email: string;
    valid_till: Date;
    telephone: string;
    address: string;
    country: string;
    region: string;
    city: string;
    postal_code: string;
    digital_seal_status: string;
    remarks: string | null;
  }>(
    // Country, region and city are stored as registered (in English); the reference data
    // has their Arabic names.
    `SELECT o.name_en AS en, o.name_ar AS ar, o.dba_name, o.dba_name_ar, p.sip_id, o.cr_number, o.unified_org_no,
            o.email, o.valid_till, o.telephone, o.address, o.postal_code, o.remarks,
            ${SEAL_STATUS} AS digital_seal_status,
            CASE WHEN $2 = 'ar' THEN coalesce(co.name_ar, o.country) ELSE o.country END AS country,
            CASE WHEN $2 = 'ar' THEN coalesce(r.name_ar, o.region) ELSE o.region END AS region,
            CASE WHEN $2 = 'ar' THEN coalesce(ci.name_ar, o.city) ELSE o.city END AS city
       FROM organizations o JOIN service_providers p ON p.sip_slno = o.sip_slno
       LEFT JOIN LATERAL (SELECT name_ar FROM countries WHERE name_en = o.country LIMIT 1) co ON true
       LEFT JOIN LATERAL (SELECT name_ar FROM regions WHERE name_en = o.region LIMIT 1) r ON true
       LEFT JOIN LATERAL (SELECT name_ar FROM cities WHERE name_en = o.city LIMIT 1) ci ON true
      WHERE o.org_slno = $1`,
    [orgSlno, language],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    organizationName: inLanguage(row.en, row.ar, language),
    sipId: row.sip_id,
    dbaName: row.dba_name,
    dbaNameArabic: row.dba_name_ar,
    crNumber: row.cr_number,
    unifiedOrgNo: row.unified_org_no,
    email: row.email,
    validTill: row.valid_till.toISOString().slice(0, 10),
    telephoneNumber: row.telephone,
    address: row.address,
    country: row.country,
    state: row.region,
    city: row.city,
    postalCode: row.postal_code,
    // The stamp image comes with the certificate issue; none is stored yet.
    digitalStamp: null,
    digitalSealStatus: localWord(row.digital_seal_status, language),
    remarks: row.remarks,
  };
}

export type ContactKind = 'sponsor' | 'technicalContact';

/** The organization's sponsors or technical contacts, the primary first. */
export async function contactsOf(
  db: Queryable,
  orgSlno: number,
  kind: ContactKind,
  language: Language,
) {
  const { rows } = await db.query<{
    en: string;
    ar: string;
    email: string;
    mobile: string;
    is_primary: boolean;
  }>(
    `SELECT name_en AS en, name_ar AS ar, email, mobile, is_primary FROM organization_contacts
      WHERE org_slno = $1 AND kind = $2 ORDER BY is_primary DESC, contact_slno`,
    [orgSlno, kind],
  );
  return rows.map((row) => ({
    name: inLanguage(row.en, row.ar, language),
    email: row.email,
    mobile: row.mobile,
    isPrimary: row.is_primary,
  }));
}

/**
 * The organization's Enrolment Admins: members and former members, and — for an organization
 * still applying (an L2 provider's) — those waiting for its approval.
 */
export async function organizationAdminsOf(
  db: Queryable,
  orgSlno: number,
  language: Language,
  statuses: readonly string[] = ['Approved', 'Deactivated'],
) {
  const { rows } = await db.query<{
    en: string;
    ar: string;
    email: string;
    mobile: string;
    employee_id: string;
    login_type: string;
    is_active: boolean;
    designation: string;
  }>(
    `SELECT u.full_name_en AS en, u.full_name_ar AS ar, m.email, m.mobile, m.employee_id, m.login_type,
            ${activeMember('m')} AS is_active, m.designation
       FROM memberships m JOIN users u USING (user_slno)
      WHERE m.org_slno = $1 AND 'enrolmentAdmin' = ANY (m.roles) AND m.status = ANY ($2::text[])
      ORDER BY u.full_name_en`,
    [orgSlno, statuses],
  );
  return rows.map((row) => ({
    fullName: inLanguage(row.en, row.ar, language),
    email: row.email,
    mobileNumber: row.mobile,
    employeeID: row.employee_id,
    loginType: localWord(row.login_type, language),
    isActive: row.is_active,
    designation: localWord(row.designation, language),
  }));
}

/**
 * The provider hierarchy of the demo world: each L1 provider's stock, as Tawqi granted
 * it; the applications of the L2 providers already working (approved) and of new ones (pending,
 * and one refused), each applicant with its organization, contacts, first Enrolment Admin and
 * documents; and what each L1 has allocated to its L2 providers, made through the same
 * `allocate` as the screens use, so the reports' figures are the ledger's.
 *
 * The L1 410's pending applicant is a canary (every text field carries the marker): no other
 * tenant may ever read it.
 */
import type { PoolClient } from '../db/pool.js';
import { demoPdf } from '../db/demoPdf.js';
import { CANARY_MARKER, writeProviderStaff } from './world.js';
import { post, type Counter } from '../modules/counters/ledger.js';
import { allocate } from '../modules/providers/allocations.js';
import { newDocumentKey, recordDocument, type DocumentStore } from '../modules/documents/store.js';

/** What Tawqi granted each L1 provider to sell and allocate. */
const L1_STOCK: Record<number, Record<Counter, number>> = {
  408: {
    esign: 500_000,
    enrolmentAdmin: 200,
    authorizedSignatory: 1_000,
    organizationUser: 20_000,
  },
  410: { esign: 200_000, enrolmentAdmin: 100, authorizedSignatory: 400, organizationUser: 8_000 },
  412: { esign: 100_000, enrolmentAdmin: 60, authorizedSignatory: 200, organizationUser: 4_000 },
};

/** The working L2 providers' applications, approved long ago: provider, its organization, L1. */
const APPROVED = [
  { l1: 408, l2: 500, org: 320, daysAgo: 400 },
  { l1: 408, l2: 501, org: 322, daysAgo: 380 },
  { l1: 410, l2: 511, org: 331, daysAgo: 300 },
] as const;

export interface L2Applicant {
  l1: number;
  sip: number;
  en: string;
  ar: string;
  org: number;
  city: string;
  region: string;
  status: 'Pending' | 'Rejected';
  remarks?: string;
  canary?: boolean;
  /** The applicant: the provider's first Enrolment Admin once approved. */
  admin: { stem: string; en: string; ar: string; username: string; mobile: string; email: string };
}

export const L2_APPLICANTS: readonly L2Applicant[] = [
  {
    l1: 408,
    sip: 503,
    en: 'Taif Signing House',
    ar: 'دار الطائف للتوقيع',
    org: 350,
    city: 'Taif',
    region: 'Makkah Region',
    status: 'Pending',
    admin: {
      stem: '100000020',
      en: 'Nawaf Al-Harthi',
      ar: 'نواف الحارثي',
      username: 'nawaf',
      mobile: '0551110022',
      email: 'nawaf@taifsigning.sa',
    },
  },
  {
    l1: 408,
    sip: 504,
    en: 'Qassim eSign Bureau',
    ar: 'مكتب القصيم للتوقيع الإلكتروني',
    org: 351,
    city: 'Buraydah',
    region: 'Qassim Region',
    status: 'Rejected',
    remarks: 'The commercial registration has expired; apply again with a valid one.',
    admin: {
      stem: '100000021',
      en: 'Sultan Al-Rasheed',
      ar: 'سلطان الرشيد',
      username: 'sultan',
      mobile: '0551110033',
      email: 'sultan@qassimesign.sa',
    },
  },
  {
    l1: 410,
    sip: 513,
    en: `${CANARY_MARKER} Provider`,
    ar: `${CANARY_MARKER} مزوّد`,
    org: 352,
    city: CANARY_MARKER,
    region: CANARY_MARKER,
    status: 'Pending',
    canary: true,
    admin: {
      stem: '100000022',
      en: `${CANARY_MARKER} Applicant`,
      ar: `${CANARY_MARKER} مقدّم الطلب`,
      username: 'canaryapplicant',
      mobile: '0551110044',
      email: 'canary-applicant@example.sa',
    },
  },
  {
    l1: 412,
    sip: 523,
    en: 'Tabuk Trust Partners',
    ar: 'شركاء تبوك للثقة',
    org: 353,
    city: 'Tabuk',
    region: 'Tabuk Region',
    status: 'Pending',
    admin: {
      stem: '100000023',
      en: 'Rana Al-Balawi',
      ar: 'رنا البلوي',
      username: 'rana',
      mobile: '0551110055',
      email: 'rana@tabuktrust.sa',
    },
  },
];

/** What each L1 has allocated to its first two L2 providers, and when. */
const ALLOCATIONS = [
  { l1: 408, l2: 500, esign: 20_000, roles: [300, 10, 40], daysAgo: 200 },
  { l1: 408, l2: 501, esign: 10_000, roles: [150, 5, 20], daysAgo: 120 },
  { l1: 408, l2: 500, esign: 5_000, roles: null, daysAgo: 30 },
  { l1: 410, l2: 510, esign: 8_000, roles: [100, 4, 12], daysAgo: 90 },
  { l1: 410, l2: 511, esign: 4_000, roles: null, daysAgo: 45 },
  { l1: 412, l2: 520, esign: 3_000, roles: [60, 2, 8], daysAgo: 60 },
] as const;

/** What writing the hierarchy needs: how a demo national id is made, the password, the store. */
export interface WorldOptions {
  nationalIdOf: (stem: string) => string;
  passwordHash: string;
  /** Where the applicants' documents' bytes go (the deployment's DOCUMENT_STORE). */
  documents: DocumentStore;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export async function writeProviderHierarchy(
  client: PoolClient,
  now: Date,
  options: WorldOptions,
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  // The providers' staff decide and allocate: written first, so the history is theirs.
  await writeProviderStaff(client, { now, ...options });
  const adminOf = async (l1: number) =>
    (
      await q(
        `SELECT user_slno FROM provider_staff WHERE sip_slno = $1 AND 'providerAdmin' = ANY (roles)
          ORDER BY user_slno LIMIT 1`,
        [l1],
      )
    ).rows[0] as { user_slno: number } | undefined;

  for (const [l1, stock] of Object.entries(L1_STOCK))
    for (const [counter, quantity] of Object.entries(stock))
      await post(client, {
        sipSlno: Number(l1),
        counter: counter as Counter,
        kind: 'opening',
        quantity,
        reason: 'Stock granted by Tawqi',
        reference: 'world:stock',
        at: daysBefore(now, 420),
      });

  for (const approved of APPROVED) {
    const decider = await adminOf(approved.l1);
    await q(
      `INSERT INTO l2_requests (l1_sip_slno, l2_sip_slno, l2_org_slno, status, originator, created_at, decided_by, decided_at)
       VALUES ($1, $2, $3, 'Approved', 'L2 portal', $4, $5, $4::timestamptz + interval '2 days')
       ON CONFLICT (l2_sip_slno) DO NOTHING`,
      [
        approved.l1,
        approved.l2,
        approved.org,
        daysBefore(now, approved.daysAgo),
        decider?.user_slno ?? null,
      ],
    );
  }

  for (const [index, applicant] of L2_APPLICANTS.entries())
    await writeApplicant(client, applicant, daysBefore(now, 3 + index * 2), options);

  for (const allocation of ALLOCATIONS) {
    const by = (await adminOf(allocation.l1))?.user_slno ?? null;
    const at = daysBefore(now, allocation.daysAgo);
    await allocate(client, {
      l1: allocation.l1,
      l2: allocation.l2,
      kind: 'stock',
      lines: [{ counter: 'esign', quantity: allocation.esign }],
      by,
      at,
    });
    if (allocation.roles) {
      const [users, admins, signatories] = allocation.roles;
      await allocate(client, {
        l1: allocation.l1,
        l2: allocation.l2,
        kind: 'roles',
        lines: [
          { counter: 'organizationUser', quantity: users },
          { counter: 'enrolmentAdmin', quantity: admins },
          { counter: 'authorizedSignatory', quantity: signatories },
        ],
        by,
        at,
      });
    }
  }
}

/**
 * One applying L2 provider: the provider (pending or refused), its organization, a sponsor and
 * a technical contact, its first Enrolment Admin (a pending membership), the request, and its
 * two documents.
 */
export async function writeApplicant(
  client: PoolClient,
  applicant: L2Applicant,
  at: Date,
  options: WorldOptions,
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const text = (value: string) => (applicant.canary ? CANARY_MARKER : value);
  const refused = applicant.status === 'Rejected';
  await q(
    `INSERT INTO service_providers (sip_slno, sip_id, name_en, name_ar, level, parent_sip_slno, status)
     VALUES ($1, $2, $3, $4, 'L2', $5, $6)`,
    [
      applicant.sip,
      `L2-${String(applicant.sip)}`,
      applicant.en,
      applicant.ar,
      applicant.l1,
      refused ? 'rejected' : 'pending',
    ],
  );
  await q(
    `INSERT INTO organizations (org_slno, organization_type, sip_slno, name_en, name_ar, dba_name, dba_name_ar,
       cr_number, unified_org_no, email, telephone, address, city, region, postal_code, valid_till, remarks)
     VALUES ($1, 1, $2, $3, $4, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ($13::timestamptz + interval '2 years')::date, $14)`,
    [
      applicant.org,
      applicant.sip,
      applicant.en,
      applicant.ar,
      text(`40300${String(applicant.org).padStart(5, '0')}`),
      text(`70013${String(applicant.org).padStart(5, '0')}`),
      applicant.admin.email,
      text(`012${String(applicant.org).padStart(7, '0')}`),
      text('Prince Sultan Road'),
      applicant.city,
      applicant.region,
      text('23431'),
      at,
      applicant.canary ? CANARY_MARKER : null,
    ],
  );
  for (const [kind, en, ar, email] of [
    ['sponsor', 'Faisal Al-Qurashi', 'فيصل القرشي', 'sponsor'],
    ['technicalContact', 'Mona Al-Zahrani', 'منى الزهراني', 'it'],
  ] as const)
    await q(
      `INSERT INTO organization_contacts (org_slno, kind, name_en, name_ar, email, mobile, is_primary)
       VALUES ($1, $2, $3, $4, $5, $6, true)`,
      [
        applicant.org,
        kind,
        text(en),
        text(ar),
        `${email}@l2-${String(applicant.sip)}.sa`,
        `05${String(applicant.org).padStart(8, '7')}`,
      ],
    );
  // Its head office, where its admin works.
  const unit = await q(
    `INSERT INTO organization_units (org_slno, name_en, name_ar, status, is_active, created_at)
     VALUES ($1, $2, $3, 'Approved', true, $4) RETURNING org_unit_slno`,
    [applicant.org, text('Head office'), text('المكتب الرئيسي'), at],
  );
  const { admin } = applicant;
  const { rows } = await q(
    `INSERT INTO users (national_id, full_name_en, full_name_ar, email, mobile, username, password_hash, kyc_valid_till, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ($8::timestamptz + interval '11 months')::date, $8)
     RETURNING user_slno`,
    [
      options.nationalIdOf(admin.stem),
      admin.en,
      admin.ar,
      admin.email,
      admin.mobile,
      admin.username,
      options.passwordHash,
      at,
    ],
  );
  const person = (rows[0] as { user_slno: number }).user_slno;
  await q(
    `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, designation, status, is_active, created_at, org_unit_slno)
     VALUES ($1, $2, ARRAY['enrolmentAdmin', 'authorizedSignatory'], $3, $4, $5, 'General manager', $6, false, $7, $8)`,
    [
      person,
      applicant.org,
      `EMP-${String(applicant.org)}-001`,
      admin.email,
      admin.mobile,
      refused ? 'Rejected' : 'Pending',
      at,
      (unit.rows[0] as { org_unit_slno: number }).org_unit_slno,
    ],
  );
  const decider = refused ? await latestL1Admin(client, applicant.l1) : undefined;
  const request = await q(
    `INSERT INTO l2_requests (l1_sip_slno, l2_sip_slno, l2_org_slno, status, originator, remarks, created_at, created_by, decided_by, decided_at)
     VALUES ($1, $2, $3, $4, 'L2 portal', $5, $6, $7, $8, $9) RETURNING request_slno`,
    [
      applicant.l1,
      applicant.sip,
      applicant.org,
      applicant.status,
      applicant.remarks ?? null,
      at,
      person,
      decider?.user_slno ?? null,
      refused ? new Date(at.getTime() + 86_400_000) : null,
    ],
  );
  const requestSlno = (request.rows[0] as { request_slno: number }).request_slno;
  await writeApplicantDocuments(client, applicant, { person, requestSlno, at }, options);
}

/** The L1's newest approved Enrolment Admin: who refused a refused applicant. */
async function latestL1Admin(client: PoolClient, l1: number) {
  const { rows } = await client.query<{ user_slno: number }>(
    `SELECT m.user_slno FROM memberships m JOIN organizations o ON o.org_slno = m.org_slno
      WHERE o.sip_slno = $1 AND 'enrolmentAdmin' = ANY (m.roles) AND m.status = 'Approved'
      ORDER BY m.user_slno DESC LIMIT 1`,
    [l1],
  );
  return rows[0];
}

/** An applying L2 provider's two documents: its commercial registration and its admin's letter. */
async function writeApplicantDocuments(
  client: PoolClient,
  applicant: L2Applicant,
  by: { person: number; requestSlno: number; at: Date },
  options: WorldOptions,
): Promise<void> {
  const { person, requestSlno, at } = by;
  const { admin } = applicant;
  const text = (value: string) => (applicant.canary ? CANARY_MARKER : value);
  for (const [category, name, lines] of [
    [
      'commercialRegistration',
      'commercial registration.pdf',
      [
        'Commercial registration',
        '',
        applicant.en,
        `CR ${text(`40300${String(applicant.org).padStart(5, '0')}`)}`,
      ],
    ],
    [
      'authorizationLetter',
      'authorization letter.pdf',
      [
        'Authorization letter',
        '',
        `${applicant.en} authorizes ${admin.en}`,
        'to enrol it as an L2 provider.',
      ],
    ],
  ] as const) {
    const content = demoPdf([...lines, '', 'Demo document of the Tawqi demo world.']);
    await recordDocument(client, options.documents, {
      key: newDocumentKey(),
      orgSlno: applicant.org,
      uploadedBy: person,
      category,
      name,
      mediaType: 'application/pdf',
      bytes: content,
      createdAt: at,
      owner: { l2Request: requestSlno },
    });
  }
}

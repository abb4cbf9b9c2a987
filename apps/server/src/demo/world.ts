/**
 * The declared demo world: three L1 providers with three L2 providers each;
 * organizations of type 1 and of other types under them, two of other types under one provider
 * (they share a query id, SPEC §6); the spec's default ids (L1 408, organization 314); people
 * named by role, one of them a member of two organizations with different roles; a realistic
 * volume on organization 314 (1,600 people, of whom over 1,000 approved or former users, and 12,000 eSign transactions) for paging and exports; and
 * canary organizations whose every text field carries a marker, which the tenancy test looks for
 * in every answer another tenant gets.
 *
 * Everything is keyed by a natural id and written with ON CONFLICT DO NOTHING, so seeding into a
 * development database that has older demo data adds what is new and changes nothing it holds.
 */
import {
  priceWithVat,
  vatRateBasisPoints,
  type CountedRole,
  type OrganizationRole,
  type ProviderRole,
  type ServiceProviderLevel,
} from '@tawqi/domain';
import { ESIGN_ERRORS, type EsignErrorKey } from '@tawqi/api';
import { createHash } from 'node:crypto';
import type { PoolClient } from '../db/pool.js';
import { failureRecord, requestRecord, successRecord } from '../modules/esign/records.js';
import { post } from '../modules/counters/ledger.js';
import { expireLot, riyadhDay } from '../modules/counters/lots.js';
import { DEFAULT_VAT_PERCENT } from '../config.js';

export const CANARY_MARKER = 'CANARY-7Q4Z';

export interface WorldProvider {
  slno: number;
  id: string;
  en: string;
  ar: string;
  level: ServiceProviderLevel;
  parent?: number;
}

const L1 = [
  { slno: 408, id: 'SIP-408', en: 'Tawqi Trust Services', ar: 'توقيع لخدمات الثقة' },
  { slno: 410, id: 'SIP-410', en: 'Eastern Trust Center', ar: 'مركز الشرقية للثقة' },
  { slno: 412, id: 'SIP-412', en: 'Asir Digital Trust', ar: 'عسير للثقة الرقمية' },
] as const;

const L2_NAMES = [
  ['Jeddah Signing Services', 'جدة لخدمات التوقيع'],
  ['Makkah eSign Partners', 'شركاء مكة للتوقيع الإلكتروني'],
  ['Madinah Certificates', 'المدينة للشهادات'],
  ['Dammam Sign', 'الدمام للتوقيع'],
  ['Khobar Digital', 'الخبر الرقمية'],
  ['Jubail Trust', 'الجبيل للثقة'],
  ['Abha eSign', 'أبها للتوقيع الإلكتروني'],
  ['Najran Certificates', 'نجران للشهادات'],
  ['Jazan Sign', 'جازان للتوقيع'],
] as const;

export const PROVIDERS: readonly WorldProvider[] = [
  ...L1.map((provider) => ({ ...provider, level: 'L1' as const })),
  ...L1.flatMap((parent, p) =>
    [0, 1, 2].map((i) => {
      const slno = 500 + p * 10 + i;
      const [en, ar] = L2_NAMES[p * 3 + i] as readonly [string, string];
      return { slno, id: `L2-${String(slno)}`, en, ar, level: 'L2' as const, parent: parent.slno };
    }),
  ),
];

export interface WorldOrganization {
  slno: number;
  type: number;
  sip: number;
  en: string;
  ar: string;
  city: string;
  region: string;
  /** Organization users made in bulk, and eSign transactions spread over them. */
  volume?: { users: number; transactions: number };
  canary?: boolean;
}

export const ORGANIZATIONS: readonly WorldOrganization[] = [
  {
    slno: 314,
    type: 1,
    sip: 408,
    en: 'Riyadh Trading Company',
    ar: 'شركة الرياض للتجارة',
    city: 'Riyadh',
    region: 'Riyadh Region',
    volume: { users: 1600, transactions: 12000 },
  },
  {
    slno: 320,
    type: 2,
    sip: 500,
    en: 'Jeddah Logistics Est.',
    ar: 'مؤسسة جدة للخدمات اللوجستية',
    city: 'Jeddah',
    region: 'Makkah Region',
  },
  // Shares the query id 500 with 320 (both of another type under provider 500).
  {
    slno: 321,
    type: 3,
    sip: 500,
    en: 'Red Sea Clinics',
    ar: 'عيادات البحر الأحمر',
    city: 'Jeddah',
    region: 'Makkah Region',
  },
  {
    slno: 322,
    type: 1,
    sip: 501,
    en: 'Makkah Contracting',
    ar: 'مقاولات مكة',
    city: 'Makkah',
    region: 'Makkah Region',
  },
  {
    slno: 330,
    type: 1,
    sip: 410,
    en: 'Eastern Industries',
    ar: 'الصناعات الشرقية',
    city: 'Dammam',
    region: 'Eastern Province',
  },
  {
    slno: 331,
    type: 2,
    sip: 511,
    en: 'Khobar Marine Services',
    ar: 'الخبر للخدمات البحرية',
    city: 'Al Khobar',
    region: 'Eastern Province',
  },
  {
    slno: 340,
    type: 1,
    sip: 412,
    en: 'Abha Health Group',
    ar: 'مجموعة أبها الصحية',
    city: 'Abha',
    region: 'Asir Region',
  },
  {
    slno: 341,
    type: 2,
    sip: 520,
    en: 'Asir Schools',
    ar: 'مدارس عسير',
    city: 'Abha',
    region: 'Asir Region',
  },
  // Canaries: a type 1 under an L1 and another type under an L2 of the same L1.
  ...[
    { slno: 390, type: 1, sip: 410 },
    { slno: 391, type: 2, sip: 512 },
  ].map((organization) => ({
    ...organization,
    en: `${CANARY_MARKER} organization ${String(organization.slno)}`,
    ar: `${CANARY_MARKER} منشأة ${String(organization.slno)}`,
    city: CANARY_MARKER,
    region: CANARY_MARKER,
    canary: true,
  })),
];

export interface WorldPerson {
  /** Nine digits; the check digit is computed. */
  nationalIdStem: string;
  en: string;
  ar: string;
  username: string;
  mobile: string;
  email: string;
  memberships: { org: number; roles: OrganizationRole[] }[];
  /** The providers the person is on the staff of. */
  staff?: { sip: number; roles: ProviderRole[] }[];
  /** What to sign in as this person for, as `npm start` prints it. */
  role: string;
}

/** The people to sign in as, by role (the seed's first three are the individual demo's). */
export const WORLD_PEOPLE: readonly WorldPerson[] = [
  {
    nationalIdStem: '100000010',
    en: 'Khalid Al-Zahrani',
    ar: 'خالد الزهراني',
    username: 'khalid',
    mobile: '0552223344',
    email: 'khalid@jeddahlogistics.sa',
    memberships: [{ org: 320, roles: ['enrolmentAdmin'] }],
    role: 'Enrolment Admin of 320 (type 2 under L2 500)',
  },
  {
    nationalIdStem: '100000011',
    en: 'Layla Al-Shehri',
    ar: 'ليلى الشهري',
    username: 'layla',
    mobile: '0553334455',
    email: 'layla@redseaclinics.sa',
    memberships: [{ org: 321, roles: ['enrolmentAdmin', 'authorizedSignatory'] }],
    role: 'Enrolment Admin of 321 (shares query id 500 with 320)',
  },
  {
    nationalIdStem: '100000012',
    en: 'Reem Al-Dosari',
    ar: 'ريم الدوسري',
    username: 'reem',
    mobile: '0554445566',
    email: 'reem@example.sa',
    memberships: [
      { org: 314, roles: ['authorizedSignatory'] },
      { org: 320, roles: ['organizationUser'] },
    ],
    role: 'Authorized Signatory of 314 and Organization User of 320',
  },
  {
    nationalIdStem: '100000013',
    en: 'Fahad Al-Mutairi',
    ar: 'فهد المطيري',
    username: 'fahad',
    mobile: '0555556677',
    email: 'fahad@easternindustries.sa',
    memberships: [{ org: 330, roles: ['enrolmentAdmin', 'authorizedSignatory'] }],
    staff: [{ sip: 410, roles: ['providerAdmin'] }],
    role: 'Enrolment Admin of 330 and Provider Admin of L1 410 (never decides about 330)',
  },
  {
    nationalIdStem: '100000014',
    en: 'Huda Al-Anazi',
    ar: 'هدى العنزي',
    username: 'huda',
    mobile: '0556667788',
    email: 'huda@khobarmarine.sa',
    memberships: [{ org: 331, roles: ['enrolmentAdmin'] }],
    role: 'Enrolment Admin of 331 (L2 511 under L1 410)',
  },
  {
    nationalIdStem: '100000017',
    en: 'Majed Al-Otaibi',
    ar: 'ماجد العتيبي',
    username: 'majed',
    mobile: '0559990011',
    email: 'majed@riyadhtrading.sa',
    memberships: [{ org: 314, roles: ['enrolmentAdmin'] }],
    role: 'Enrolment Admin of 314, its second',
  },
  {
    nationalIdStem: '100000015',
    en: `${CANARY_MARKER} Admin`,
    ar: `${CANARY_MARKER} مدير`,
    username: 'canaryadmin',
    mobile: '0557778899',
    email: 'canary-admin@example.sa',
    memberships: [{ org: 390, roles: ['enrolmentAdmin', 'authorizedSignatory'] }],
    role: 'Enrolment Admin of the canary organization 390',
  },
  {
    nationalIdStem: '100000016',
    en: `${CANARY_MARKER} User`,
    ar: `${CANARY_MARKER} مستخدم`,
    username: 'canaryuser',
    mobile: '0558889900',
    email: 'canary-user@example.sa',
    memberships: [{ org: 390, roles: ['organizationUser'] }],
    role: 'Organization User of the canary organization 390',
  },
];

/**
 * The providers' own staff: an L1 or L2 provider is operated by them, never by its
 * customers' admins. L1 408 has one of each role, so four eyes can be seen; every other provider
 * an admin (410's is fahad, above, who is also a customer's admin).
 */
const L2_STAFF_NAMES = [
  ['Bandar Al-Zahrani', 'بندر الزهراني'],
  ['Ghada Al-Harthi', 'غادة الحارثي'],
  ['Majid Al-Saeed', 'ماجد السعيد'],
  ['Noura Al-Khaldi', 'نورة الخالدي'],
  ['Rakan Al-Mutlaq', 'راكان المطلق'],
  ['Shahad Al-Amri', 'شهد العمري'],
  ['Talal Al-Asmari', 'طلال الأسمري'],
  ['Wafa Al-Shahrani', 'وفاء الشهراني'],
  ['Ziyad Al-Faifi', 'زياد الفيفي'],
] as const;

export const PROVIDER_STAFF_PEOPLE: readonly WorldPerson[] = [
  {
    nationalIdStem: '100000030',
    en: 'Nada Al-Harbi',
    ar: 'ندى الحربي',
    username: 'nada',
    mobile: '0551110030',
    email: 'nada@tawqitrust.sa',
    memberships: [],
    staff: [{ sip: 408, roles: ['providerAdmin'] }],
    role: 'Provider Admin of L1 408 (every decision of 408)',
  },
  {
    nationalIdStem: '100000031',
    en: 'Omar Al-Qahtani',
    ar: 'عمر القحطاني',
    username: 'omar',
    mobile: '0551110031',
    email: 'omar@tawqitrust.sa',
    memberships: [],
    staff: [{ sip: 408, roles: ['providerFinance'] }],
    role: 'Provider Finance of L1 408 (prices, transfers, allocations; four eyes with nada)',
  },
  {
    nationalIdStem: '100000032',
    en: 'Hind Al-Ghamdi',
    ar: 'هند الغامدي',
    username: 'hind',
    mobile: '0551110032',
    email: 'hind@tawqitrust.sa',
    memberships: [],
    staff: [{ sip: 408, roles: ['providerApprover'] }],
    role: 'Provider Approver of L1 408 (L2 applications)',
  },
  {
    nationalIdStem: '100000033',
    en: 'Yousef Al-Dossary',
    ar: 'يوسف الدوسري',
    username: 'yousef',
    mobile: '0551110033',
    email: 'yousef@easterntrust.sa',
    memberships: [],
    staff: [{ sip: 410, roles: ['providerFinance'] }],
    role: 'Provider Finance of L1 410',
  },
  {
    nationalIdStem: '100000034',
    en: 'Salem Al-Asiri',
    ar: 'سالم العسيري',
    username: 'salem',
    mobile: '0551110034',
    email: 'salem@asirtrust.sa',
    memberships: [],
    staff: [{ sip: 412, roles: ['providerAdmin'] }],
    role: 'Provider Admin of L1 412',
  },
  ...PROVIDERS.filter((provider) => provider.level === 'L2').map((provider, index) => {
    const [en, ar] = L2_STAFF_NAMES[index] as readonly [string, string];
    return {
      nationalIdStem: String(100000040 + index),
      en,
      ar,
      username: `sip${String(provider.slno)}`,
      mobile: `05511100${String(40 + index)}`,
      email: `admin@sip${String(provider.slno)}.sa`,
      memberships: [],
      staff: [{ sip: provider.slno, roles: ['providerAdmin' as const] }],
      role: `Provider Admin of L2 ${String(provider.slno)} (${provider.en})`,
    };
  }),
];

const FIRST = [
  ['Ahmed', 'أحمد'],
  ['Fatimah', 'فاطمة'],
  ['Abdullah', 'عبدالله'],
  ['Maha', 'مها'],
  ['Saud', 'سعود'],
  ['Hessa', 'حصة'],
  ['Turki', 'تركي'],
  ['Amal', 'أمل'],
  ['Nasser', 'ناصر'],
  ['Lama', 'لمى'],
] as const;
const LAST = [
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Qahtani', 'القحطاني'],
  ['Al-Shammari', 'الشمري'],
  ['Al-Harbi', 'الحربي'],
  ['Al-Rashidi', 'الرشيدي'],
  ['Al-Malki', 'المالكي'],
  ['Al-Subaie', 'السبيعي'],
  ['Al-Yami', 'اليامي'],
  ['Al-Juhani', 'الجهني'],
  ['Al-Balawi', 'البلوي'],
  ['Al-Omari', 'العمري'],
  ['Al-Sulami', 'السلمي'],
] as const;

/** A bulk person's names: every first name with every last name, then numbered. */
export function bulkName(index: number, marker?: string): { en: string; ar: string } {
  const [firstEn, firstAr] = FIRST[index % FIRST.length] as readonly [string, string];
  const [lastEn, lastAr] = LAST[Math.floor(index / FIRST.length) % LAST.length] as readonly [
    string,
    string,
  ];
  const round = Math.floor(index / (FIRST.length * LAST.length));
  const suffix = round ? ` ${String(round + 1)}` : '';
  return marker
    ? { en: `${marker} ${firstEn}`, ar: `${marker} ${firstAr}` }
    : { en: `${firstEn} ${lastEn}${suffix}`, ar: `${firstAr} ${lastAr}${suffix}` };
}

/** What writing a named person needs: the time, national ids completed, the demo password. */
export interface PersonOptions {
  now: Date;
  nationalIdOf: (stem: string) => string;
  passwordHash: string;
}

/**
 * Writes the world. `nationalIdOf` completes a stem with its check digit; `now` anchors dates.
 * Answers nothing: every statement skips what is already there.
 */
export async function writeWorld(client: PoolClient, options: PersonOptions): Promise<void> {
  const { now } = options;
  for (const provider of PROVIDERS) await writeProvider(client, provider);
  for (const organization of ORGANIZATIONS) await writeOrganization(client, organization, now);
  for (const person of WORLD_PEOPLE) await writeMember(client, person, options);

  // Every organization has an Enrolment Admin, an Authorized Signatory and Organization Users,
  // and the volume organization its thousand and more, with a history of transactions.
  for (const organization of ORGANIZATIONS) {
    const users = organization.volume?.users ?? 6;
    await writeBulkPeople(client, organization, users, options);
    if (organization.volume) await writeTransactions(client, organization, now);
    await placeInHeadOffice(client, organization.slno);
  }
}

/**
 * Members written without a unit (the named people, members from before the organization had
 * units) work at its head office, its first approved unit, as every member the service makes has
 * a unit.
 */
export async function placeInHeadOffice(client: PoolClient, orgSlno: number): Promise<void> {
  await client.query(
    `UPDATE memberships SET org_unit_slno = (SELECT min(org_unit_slno) FROM organization_units
                                              WHERE org_slno = $1 AND status = 'Approved' AND is_active)
      WHERE org_slno = $1 AND org_unit_slno IS NULL`,
    [orgSlno],
  );
}

/** Writes a provider; one already there is kept. */
export async function writeProvider(client: PoolClient, provider: WorldProvider): Promise<void> {
  await client.query(
    `INSERT INTO service_providers (sip_slno, sip_id, name_en, name_ar, level, parent_sip_slno)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (sip_slno) DO NOTHING`,
    [provider.slno, provider.id, provider.en, provider.ar, provider.level, provider.parent ?? null],
  );
}

/**
 * Writes an organization with its units, contacts, eSign lots and seats; one already there is
 * kept, and its parts are written where it has none.
 */
export async function writeOrganization(
  client: PoolClient,
  organization: WorldOrganization,
  now: Date,
): Promise<void> {
  const text = (value: string) => (organization.canary ? CANARY_MARKER : value);
  await client.query(
    `INSERT INTO organizations (org_slno, organization_type, sip_slno, name_en, name_ar, dba_name, dba_name_ar,
       cr_number, unified_org_no, email, telephone, address, city, region, postal_code, valid_till, remarks)
     VALUES ($1, $2, $3, $4, $5, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, ($14::timestamptz + interval '2 years')::date, $15)
     ON CONFLICT (org_slno) DO NOTHING`,
    [
      organization.slno,
      organization.type,
      organization.sip,
      organization.en,
      organization.ar,
      text(`10101${String(organization.slno).padStart(5, '0')}`),
      text(`70012${String(organization.slno).padStart(5, '0')}`),
      organization.canary
        ? `${CANARY_MARKER.toLowerCase()}@example.sa`
        : `info@org${String(organization.slno)}.sa`,
      text(`011${String(organization.slno).padStart(7, '0')}`),
      text('King Fahd Road'),
      organization.city,
      organization.region,
      text('12211'),
      now,
      organization.canary ? CANARY_MARKER : null,
    ],
  );
  await writeOrganizationParts(client, organization, now);
}

/** Writes a person (or finds them, by national id) and their memberships: their user slno. */
export async function writeMember(
  client: PoolClient,
  person: WorldPerson,
  options: PersonOptions,
): Promise<number> {
  const userSlno = await writePerson(client, person, options);
  for (const membership of person.memberships)
    await client.query(
      `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, designation)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_slno, org_slno) DO NOTHING`,
      [
        userSlno,
        membership.org,
        membership.roles,
        `EMP-${String(membership.org)}-${person.username}`,
        person.email,
        person.mobile,
        membership.roles.includes('enrolmentAdmin') ? 'IT manager' : 'Officer',
      ],
    );
  return userSlno;
}

/** Writes a named person (or finds them, by national id): their user slno. */
async function writePerson(
  client: PoolClient,
  person: WorldPerson,
  options: PersonOptions,
): Promise<number> {
  const { rows } = await client.query<{ user_slno: number }>(
    `INSERT INTO users (national_id, full_name_en, full_name_ar, email, mobile, username, password_hash, kyc_valid_till, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ($8::timestamptz + interval '10 months')::date, $8::timestamptz - interval '200 days')
     ON CONFLICT (national_id) DO UPDATE SET national_id = EXCLUDED.national_id RETURNING user_slno`,
    [
      options.nationalIdOf(person.nationalIdStem),
      person.en,
      person.ar,
      person.email,
      person.mobile,
      person.username,
      options.passwordHash,
      options.now,
    ],
  );
  return (rows[0] as { user_slno: number }).user_slno;
}

/**
 * Writes the providers' staff: the staff people, and the staff entries of everyone
 * named with one. Needs the world's people and providers; skips what is already there.
 */
export async function writeProviderStaff(
  client: PoolClient,
  options: PersonOptions,
): Promise<void> {
  for (const person of [...WORLD_PEOPLE, ...PROVIDER_STAFF_PEOPLE]) {
    if (!person.staff?.length) continue;
    const userSlno = await writePerson(client, person, options);
    for (const staff of person.staff)
      await client.query(
        `INSERT INTO provider_staff (sip_slno, user_slno, roles) VALUES ($1, $2, $3)
         ON CONFLICT (sip_slno, user_slno) DO NOTHING`,
        [staff.sip, userSlno, staff.roles],
      );
  }
}

async function writeOrganizationParts(
  client: PoolClient,
  organization: WorldOrganization,
  now: Date,
): Promise<void> {
  const marker = organization.canary ? CANARY_MARKER : null;
  const has = async (table: string) =>
    ((
      await client.query(`SELECT 1 FROM ${table} WHERE org_slno = $1::int LIMIT 1`, [
        organization.slno,
      ])
    ).rowCount ?? 0) > 0;
  if (!(await has('organization_units')))
    await client.query(
      `INSERT INTO organization_units (org_slno, name_en, name_ar, supporting_document, unique_file_id, status, is_active, remarks, created_at)
       SELECT $1::int, coalesce($3, v.en), coalesce($3, v.ar), coalesce($3, v.document), 'unit-' || $1::int || '-' || v.n, v.status, v.active,
              coalesce($3, v.remarks), $2::timestamptz - make_interval(days => v.n * 40)
         FROM (VALUES (1, 'Head office', 'المكتب الرئيسي', 'Head office letter.pdf', 'Approved', true, NULL),
                      (2, 'Finance', 'الإدارة المالية', 'Finance unit letter.pdf', 'Approved', true, NULL),
                      (3, 'Human resources', 'الموارد البشرية', 'HR unit letter.pdf', 'Pending', true, NULL),
                      (4, 'Old branch', 'الفرع القديم', 'Closure letter.pdf', 'Rejected', false, 'The letter is not signed.'))
              AS v (n, en, ar, document, status, active, remarks)`,
      [organization.slno, now, marker],
    );
  if (!(await has('organization_contacts')))
    await client.query(
      `INSERT INTO organization_contacts (org_slno, kind, name_en, name_ar, email, mobile, is_primary)
       SELECT $1::int, v.kind, coalesce($2, v.en), coalesce($2, v.ar), coalesce($2, v.email), v.mobile, v.primary_
         FROM (VALUES ('sponsor', 'Mansour Al-Fahd', 'منصور الفهد', 'sponsor@example.sa', '0501234567', true),
                      ('sponsor', 'Nada Al-Saleh', 'ندى الصالح', 'sponsor2@example.sa', '0502345678', false),
                      ('technicalContact', 'Yasser Al-Amri', 'ياسر العمري', 'it@example.sa', '0503456789', true))
              AS v (kind, en, ar, email, mobile, primary_)`,
      [organization.slno, marker],
    );
  // The volume organization has used most of a large stock; the others a little of a small one.
  // Written through the ledger, as every later change is, so its entries add up to the balances.
  const scale = organization.volume ? 40 : 1;
  for (const lot of ESIGN_LOTS) await writeEsignLot(client, organization.slno, lot, scale, now);
  const seats: [CountedRole, number, number][] = [
    ['enrolmentAdmin', 5, 1],
    ['authorizedSignatory', 20, 8],
    ['organizationUser', 100, 36],
  ];
  for (const [counter, total, utilized] of seats) {
    const entry = { orgSlno: organization.slno, counter, at: now, reference: 'world' };
    await post(client, {
      ...entry,
      kind: 'opening',
      quantity: total * scale,
      reason: 'Demo seats',
    });
    await post(client, {
      ...entry,
      kind: 'consumption',
      quantity: utilized * scale,
      reason: 'Demo members',
    });
  }
}

/**
 * The demo organizations' eSign lots (times the organization's scale): three active ones, 500
 * counters of which 300 are used, and one that expired with 10 left. Each is an order of the plan,
 * a purchased plan, and its ledger entries: the purchase, what was used, and the expiry.
 */
const ESIGN_LOTS = [
  { key: 'A', plan: 'Business', quantity: 1, used: 180, daysAgo: 300 },
  { key: 'B', plan: 'Business', quantity: 1, used: 100, daysAgo: 120 },
  { key: 'C', plan: 'Professional', quantity: 2, used: 20, daysAgo: 30 },
  { key: 'D', plan: 'Professional', quantity: 1, used: 40, daysAgo: 400 },
] as const;

async function writeEsignLot(
  client: PoolClient,
  orgSlno: number,
  lot: (typeof ESIGN_LOTS)[number],
  scale: number,
  now: Date,
): Promise<void> {
  const uniqueId = `PLN-ORG-${String(orgSlno)}-${lot.key}`;
  const [plan] = (
    await client.query<{
      slno: number;
      limit: number;
      price: string;
      months: number;
      en: string;
      ar: string;
    }>(
      `SELECT product_pricing_details_slno AS slno, transaction_limit AS limit, price_halalas AS price,
              validity_months AS months, plan_name AS en, plan_name_ar AS ar
         FROM esign_plans WHERE plan_name = $1`,
      [lot.plan],
    )
  ).rows;
  // An early demo database may not hold the individual demo's plans: its organizations hold no lots.
  if (!plan) return;
  const quantity = lot.quantity * scale;
  const amounts = priceWithVat(
    Number(plan.price) * quantity,
    vatRateBasisPoints(DEFAULT_VAT_PERCENT),
  );
  // A counter order of one line (migration 015), fulfilled when it was made: its lot.
  const [written] = (
    await client.query<{ slno: number; transactions: number; used: number; expired: boolean }>(
      `WITH bought AS (
         INSERT INTO orders (encoded_id, org_slno, category, product_pricing_details_slno, quantity, price_halalas,
                             tax_halalas, total_halalas, idempotency_key, created_at, fulfilled_at)
         VALUES ($1, $2, 'counter', $3, $4, $5, $6, $7, $1, $8::timestamptz - make_interval(days => $9),
                 $8::timestamptz - make_interval(days => $9))
         ON CONFLICT DO NOTHING RETURNING order_slno, created_at
       ), line AS (
         INSERT INTO order_lines (order_slno, line_no, counter, name_en, name_ar, pax_size, quantity,
                                  unit_price_halalas, price_halalas, tax_halalas, total_halalas,
                                  product_pricing_details_slno, validity_months)
         SELECT order_slno, 1, 'esign', $13, $14, $15, $4, $16, $5, $6, $7, $3, $12 FROM bought
       )
       INSERT INTO purchased_plans (plan_unique_id, org_slno, product_pricing_details_slno, order_slno, order_line_no,
                                    transactions, utilized, valid_from, valid_to, created_at)
       SELECT $1, $2, $3, order_slno, 1, $10, $11, created_at::date,
              (created_at + make_interval(months => $12))::date - 1, created_at
         FROM bought
       RETURNING purchased_plan_slno AS slno, transactions, utilized AS used,
                 valid_to < ${riyadhDay('$8')} AS expired`,
      [
        uniqueId,
        orgSlno,
        plan.slno,
        quantity,
        amounts.price,
        amounts.tax,
        amounts.totalPrice,
        now,
        lot.daysAgo,
        plan.limit * quantity,
        lot.used * scale,
        plan.months,
        plan.en,
        plan.ar,
        plan.limit,
        plan.price,
      ],
    )
  ).rows;
  if (!written) return; // written by an earlier seeding
  const entry = { orgSlno, counter: 'esign', purchasedPlanSlno: written.slno, at: now } as const;
  await post(client, {
    ...entry,
    kind: 'purchase',
    quantity: written.transactions,
    reason: `${lot.plan} plan`,
    reference: `plan:${uniqueId}`,
  });
  // What was used, spread over the months the lot has been in use (a signature a day, roughly),
  // so the report's usage over time has a shape.
  const months = Math.max(1, Math.min(12, Math.ceil(Math.min(lot.daysAgo, 365) / 30)));
  for (let month = 0; month < months; month += 1) {
    const share = Math.floor(written.used / months) + (month < written.used % months ? 1 : 0);
    if (share === 0) continue;
    await post(client, {
      ...entry,
      kind: 'consumption',
      quantity: share,
      reason: 'Demo signatures',
      reference: `world-use:${uniqueId}:${String(month)}`,
      // A month after another from the lot's first days, all within its validity.
      at: new Date(now.getTime() - (lot.daysAgo - month * 30 - 5) * 24 * 60 * 60 * 1000),
    });
  }
  if (written.expired)
    await expireLot(
      client,
      orgSlno,
      { slno: written.slno, unique_id: uniqueId, left: written.transactions - written.used },
      now,
    );
}

/** Bulk members with valid, unique national ids: 2 followed by the organization and a number. */
export async function writeBulkPeople(
  client: PoolClient,
  organization: WorldOrganization,
  count: number,
  options: {
    now: Date;
    nationalIdOf: (stem: string) => string;
    /** The nine digits of the index-th person's national id: 2, the organization, the index. */
    stemOf?: (index: number) => string;
  },
): Promise<void> {
  const marker = organization.canary ? CANARY_MARKER : undefined;
  const people = Array.from({ length: count }, (_, index) => {
    const name = bulkName(index, marker);
    const stem =
      options.stemOf?.(index) ??
      `2${String(organization.slno).padStart(3, '0')}${String(index).padStart(5, '0')}`;
    const role: OrganizationRole =
      index === 0 ? 'enrolmentAdmin' : index === 1 ? 'authorizedSignatory' : 'organizationUser';
    // A few of every organization's people wait for approval, were rejected or left.
    const status =
      index < 2
        ? 'Approved'
        : ['Approved', 'Approved', 'Approved', 'Pending', 'Rejected', 'Deactivated'][index % 6];
    return { ...name, nationalId: options.nationalIdOf(stem), role, status, index };
  });
  await client.query(
    `WITH people AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
         AS p (national_id, en, ar, role, status, n)
     ), inserted AS (
       INSERT INTO users (national_id, full_name_en, full_name_ar, email, mobile, kyc_valid_till, created_at)
       SELECT national_id, en, ar, 'user' || n || '@org' || $1::int || '.sa', '05' || lpad((10000000 + $1::int * 1000 + n)::text, 8, '0'),
              ($8::timestamptz + interval '1 year')::date, $8::timestamptz - make_interval(days => n % 700)
         FROM people
       ON CONFLICT (national_id) DO NOTHING
       RETURNING user_slno, national_id
     )
     , units AS (
       -- people are spread over the organization's active, approved units
       SELECT org_unit_slno, row_number() OVER (ORDER BY org_unit_slno) - 1 AS n, count(*) OVER () AS total
         FROM organization_units WHERE org_slno = $1::int AND status = 'Approved' AND is_active
     )
     INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, status, is_active, designation, created_at, org_unit_slno)
     SELECT i.user_slno, $1::int, ARRAY[p.role], 'EMP-' || $1::int || '-' || lpad(p.n::text, 5, '0'), 'user' || p.n || '@org' || $1::int || '.sa',
            '05' || lpad((10000000 + $1::int * 1000 + p.n)::text, 8, '0'), p.status, p.status = 'Approved',
            CASE WHEN p.role = 'organizationUser' THEN 'Employee' ELSE 'Manager' END,
            $8::timestamptz - make_interval(days => p.n % 700),
            (SELECT u.org_unit_slno FROM units u WHERE u.n = p.n % u.total)
       FROM inserted i JOIN people p USING (national_id)
     ON CONFLICT (user_slno, org_slno) DO NOTHING`,
    [
      organization.slno,
      people.map((person) => person.nationalId),
      people.map((person) => person.en),
      people.map((person) => person.ar),
      people.map((person) => person.role),
      people.map((person) => person.status),
      people.map((person) => person.index),
      options.now,
    ],
  );
  // Requests waiting for the admins: every pending member's, and changes some members asked for.
  await client.query(
    `INSERT INTO user_requests (org_slno, user_slno, kind, status, details, created_at)
     SELECT m.org_slno, m.user_slno, CASE WHEN m.status = 'Pending' THEN 'newUser' ELSE 'change' END,
            CASE WHEN m.status = 'Pending' OR m.user_slno % 3 <> 0 THEN 'Pending' ELSE 'Approved' END,
            jsonb_build_object('field', 'mobile'), m.created_at
       FROM memberships m
      WHERE m.org_slno = $1::int AND (m.status = 'Pending' OR (m.status = 'Approved' AND m.user_slno % 7 = 0))
        AND NOT EXISTS (SELECT 1 FROM user_requests r WHERE r.org_slno = $1::int)`,
    [organization.slno],
  );
}

/** The volume organization's transactions: spread over its members and the last two years. */
export async function writeTransactions(
  client: PoolClient,
  organization: WorldOrganization,
  now: Date,
): Promise<void> {
  const count = organization.volume?.transactions ?? 0;
  await client.query(
    `WITH members AS (
       SELECT user_slno, roles[1] AS role, row_number() OVER (ORDER BY user_slno) - 1 AS n, count(*) OVER () AS total
         FROM memberships WHERE org_slno = $1::int AND status = 'Approved'
           -- the bulk members only: the named people keep their own demo histories
           AND employee_id ~ '^EMP-[0-9]+-[0-9]{5}$'
     )
     INSERT INTO esign_transactions (transaction_id, user_slno, org_slno, plan_type, user_role, status, originator, transaction_date)
     SELECT 'ES-' || $1::int || '-' || lpad(g::text, 6, '0'), m.user_slno, $1::int,
            (ARRAY['eSign', 'Role plan', 'Special plan'])[1 + g % 3], m.role,
            (ARRAY['success', 'success', 'success', 'success', 'failed', 'pending'])[1 + g % 6],
            (ARRAY['Tawqi portal', 'ERP integration', 'Mobile app'])[1 + g % 3],
            $3::timestamptz - make_interval(mins => (g * 87) % 1051200)
       FROM generate_series(1, $2::int) AS g
       JOIN members m ON m.n = g % m.total
      -- oldest first, so the organization's running numbers follow the dates (migration 008)
      ORDER BY 8
     ON CONFLICT (transaction_id) DO NOTHING`,
    [organization.slno, count, now],
  );
}

/** The applications the demo's transactions came through, by the originator each names. */
const DEMO_CLIENTS: Readonly<Record<string, string>> = {
  'Tawqi portal': 'tawqi-portal',
  'ERP integration': 'erp-integration',
  'Mobile app': 'mobile-app',
};

/** What the demo's failed transactions ended in, in turn (the service's own catalogue). */
const DEMO_FAILURES = [
  'userCancelled',
  'expired',
  'identityMismatch',
  'countersExhausted',
] as const satisfies readonly EsignErrorKey[];

/**
 * The records of the volume organizations' transactions (they were empty), written by
 * the eSign service's own record writer (modules/esign/records.ts): each request as it arrived
 * (its application, its signer, its documents by digest — a contract, and an annex on every
 * third) and each failure's answer with its catalogue code, which the transactions grid and file
 * show. The successes' answers are the next step's (`writeTransactionAnswers`); the eSign sweep
 * signs every answer (the signed response) once the server runs.
 */
export async function writeTransactionRecords(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{
    esign_logs_id: number;
    transaction_id: string;
    status: string;
    transaction_date: Date;
    originator: string;
    national_id: string;
  }>(
    `SELECT t.esign_logs_id, t.transaction_id, t.status, t.transaction_date, t.originator, u.national_id
       FROM esign_transactions t JOIN users u ON u.user_slno = t.user_slno
      WHERE t.request_data IS NULL AND t.app_slno IS NULL AND t.transaction_id ~ '^ES-[0-9]+-[0-9]{6}$'
      ORDER BY t.esign_logs_id`,
  );
  const ids: number[] = [];
  const requests: string[] = [];
  const responses: (string | null)[] = [];
  const codes: (string | null)[] = [];
  let failures = 0;
  rows.forEach((row, index) => {
    const { clientId, txnId } = demoApplicationIdOf(row);
    const documents = [`Contract ${row.transaction_id}.pdf`]
      .concat(index % 3 === 0 ? [`Annex ${row.transaction_id}.pdf`] : [])
      .map((name, position) => ({
        position,
        kind: 'hash' as const,
        name,
        sha256: createHash('sha256').update(name).digest(),
        content: null,
      }));
    ids.push(row.esign_logs_id);
    requests.push(
      JSON.stringify(
        requestRecord(
          { clientId },
          {
            txnId,
            timestamp: row.transaction_date.toISOString(),
            signer: { nationalId: row.national_id },
            consent: true,
            returnUrl: `https://${clientId}.example.sa/signed`,
          },
          documents,
          row.transaction_date,
        ),
      ),
    );
    const failed = row.status === 'failed';
    const failure = DEMO_FAILURES[failures % DEMO_FAILURES.length] ?? 'signingFailed';
    if (failed) failures += 1;
    responses.push(
      failed
        ? JSON.stringify(failureRecord({ txnId, transactionId: row.transaction_id }, failure))
        : null,
    );
    codes.push(failed ? ESIGN_ERRORS[failure].code : null);
  });
  await client.query(
    `UPDATE esign_transactions t
        SET request_data = r.request, response_data = coalesce(r.response, t.response_data),
            error_code = coalesce(r.code, t.error_code)
       FROM unnest($1::int[], $2::jsonb[], $3::jsonb[], $4::text[]) AS r (id, request, response, code)
      WHERE t.esign_logs_id = r.id`,
    [ids, requests, responses, codes],
  );
}

/** The demo application's client id and transaction id for a demo transaction. */
function demoApplicationIdOf(row: { originator: string; transaction_id: string }) {
  const clientId = DEMO_CLIENTS[row.originator] ?? 'tawqi-portal';
  return { clientId, txnId: `${clientId}-${row.transaction_id}` };
}

/**
 * The volume organizations' successes' answers: who signed and when, by the service's
 * own writer. They carry no signature material (records.ts says why); the signed response over
 * each is the service's, made by the eSign sweep once the server runs (its keys are not at hand
 * while seeding).
 */
export async function writeTransactionAnswers(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{
    esign_logs_id: number;
    transaction_id: string;
    originator: string;
    signed_at: Date;
    national_id: string;
    full_name_en: string;
    full_name_ar: string;
  }>(
    `SELECT t.esign_logs_id, t.transaction_id, t.originator, coalesce(t.response_ts, t.transaction_date) AS signed_at,
            u.national_id, u.full_name_en, u.full_name_ar
       FROM esign_transactions t JOIN users u ON u.user_slno = t.user_slno
      WHERE t.status = 'success' AND t.response_data IS NULL AND t.app_slno IS NULL
        AND t.transaction_id ~ '^ES-[0-9]+-[0-9]{6}$'`,
  );
  await client.query(
    `UPDATE esign_transactions t SET response_data = r.response
       FROM unnest($1::int[], $2::jsonb[]) AS r (id, response)
      WHERE t.esign_logs_id = r.id`,
    [
      rows.map((row) => row.esign_logs_id),
      rows.map((row) =>
        JSON.stringify(
          successRecord(
            { txnId: demoApplicationIdOf(row).txnId, transactionId: row.transaction_id },
            {
              nationalId: row.national_id,
              nameEnglish: row.full_name_en,
              nameArabic: row.full_name_ar,
            },
            row.signed_at,
          ),
        ),
      ),
    ],
  );
}

/**
 * What organizations can buy (migration 015): each L1 provider's packs of eSign counters (its own
 * prices, a lot of an eSign plan's validity) and Tawqi's packs of role seats.
 */
const COUNTER_PACKS = [
  {
    size: 500,
    plan: 'Professional',
    sar: 1750,
    en: '500 eSign counters',
    ar: '٥٠٠ عملية توقيع إلكتروني',
  },
  {
    size: 2000,
    plan: 'Business',
    sar: 6000,
    en: '2,000 eSign counters',
    ar: '٢٬٠٠٠ عملية توقيع إلكتروني',
  },
  {
    size: 10000,
    plan: 'Enterprise',
    sar: 25000,
    en: '10,000 eSign counters',
    ar: '١٠٬٠٠٠ عملية توقيع إلكتروني',
  },
] as const;

const ROLE_PACKS: readonly {
  id: string;
  role: CountedRole;
  size: number;
  sar: number;
  en: string;
  ar: string;
}[] = [
  {
    id: 'ROLE-EA-1',
    role: 'enrolmentAdmin',
    size: 1,
    sar: 500,
    en: '1 Enrolment Admin seat',
    ar: 'مقعد واحد لمسؤول التسجيل',
  },
  {
    id: 'ROLE-AS-5',
    role: 'authorizedSignatory',
    size: 5,
    sar: 1500,
    en: '5 Authorized Signatory seats',
    ar: '٥ مقاعد للمفوّض بالتوقيع',
  },
  {
    id: 'ROLE-OU-25',
    role: 'organizationUser',
    size: 25,
    sar: 2500,
    en: '25 Organization User seats',
    ar: '٢٥ مقعدًا لمستخدم المنشأة',
  },
  {
    id: 'ROLE-OU-100',
    role: 'organizationUser',
    size: 100,
    sar: 8000,
    en: '100 Organization User seats',
    ar: '١٠٠ مقعد لمستخدم المنشأة',
  },
];

export async function writeCatalogue(client: PoolClient): Promise<void> {
  // Each provider prices its packs: 5 % more per provider after the first.
  for (const [index, provider] of L1.entries())
    await writeProviderCatalogue(client, provider, 1 + index * 0.05);
  for (const pack of ROLE_PACKS)
    await client.query(
      `INSERT INTO pax_plans (pax_unique_id, category, counter, pax_size, price_halalas, name_en, name_ar,
                              description_en, description_ar)
       VALUES ($1, 'role', $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (pax_unique_id) DO NOTHING`,
      [
        pack.id,
        pack.role,
        pack.size,
        pack.sar * 100,
        pack.en,
        pack.ar,
        `${pack.en}: a seat is taken when a member is approved into the role and given back when they leave it`,
        `${pack.ar}: يُشغَل المقعد عند اعتماد عضو في الدور ويُحرَّر عند مغادرته له`,
      ],
    );
}

/** An L1 provider's counter packs, at the list prices times `markup`; kept where it has them. */
export async function writeProviderCatalogue(
  client: PoolClient,
  provider: Pick<WorldProvider, 'slno' | 'en' | 'ar'>,
  markup = 1,
): Promise<void> {
  for (const pack of COUNTER_PACKS)
    await client.query(
      `INSERT INTO pax_plans (pax_unique_id, category, counter, pax_size, price_halalas, name_en, name_ar,
                              description_en, description_ar, sip_slno, product_pricing_details_slno)
       SELECT $1, 'counter', 'esign', $2, $3, $4, $5, $6, $7, $8, product_pricing_details_slno
         FROM esign_plans WHERE plan_name = $9
       ON CONFLICT (pax_unique_id) DO NOTHING`,
      [
        `CNT-${String(provider.slno)}-${String(pack.size)}`,
        pack.size,
        Math.round(pack.sar * 100 * markup),
        pack.en,
        pack.ar,
        `${pack.en} from ${provider.en}, valid as the ${pack.plan} plan`,
        `${pack.ar} من ${provider.ar}`,
        provider.slno,
        pack.plan,
      ],
    );
}

/**
 * Special plan requests (migration 016): organization 314 asked its L1 provider (408) for counters
 * (waiting) and for seats (refused, with the provider's remarks); the canary organization 390
 * asked its own (410), so another tenant has a request to try to read.
 */
export async function writeSpecialPlanRequests(client: PoolClient, now: Date): Promise<void> {
  const requests = [
    {
      org: 314,
      l1: 408,
      counter: 'esign',
      quantity: 25_000,
      daysAgo: 3,
      key: 'world-sp-1',
      why: 'A national campaign needs more signatures this quarter than our packs hold.',
    },
    {
      org: 314,
      l1: 408,
      counter: 'authorizedSignatory',
      quantity: 40,
      daysAgo: 20,
      key: 'world-sp-2',
      why: 'Every branch manager signs contracts.',
      rejected: 'Forty signatories need a contract amendment first.',
    },
    {
      org: 390,
      l1: 410,
      counter: 'esign',
      quantity: 5_000,
      daysAgo: 5,
      key: 'world-sp-3',
      why: `${CANARY_MARKER} justification`,
    },
  ] as const;
  for (const request of requests) {
    const rejected = 'rejected' in request ? request.rejected : null;
    await client.query(
      `INSERT INTO special_plan_requests (org_slno, l1_sip_slno, counter, quantity, justification, status,
                                          requested_by, requested_at, decided_at, remarks, idempotency_key)
       SELECT $1, $2, $3, $4, $5, $6, m.user_slno, $7::timestamptz - make_interval(days => $8),
              CASE WHEN $9::text IS NULL THEN NULL ELSE $7::timestamptz - make_interval(days => $8 - 2) END, $9, $10
         FROM memberships m
        WHERE m.org_slno = $1 AND 'enrolmentAdmin' = ANY (m.roles) AND m.status = 'Approved'
        ORDER BY m.organization_user_slno LIMIT 1
       ON CONFLICT (org_slno, idempotency_key) DO NOTHING`,
      [
        request.org,
        request.l1,
        request.counter,
        request.quantity,
        request.why,
        rejected ? 'rejected' : 'pendingForApproval',
        now,
        request.daysAgo,
        rejected,
        request.key,
      ],
    );
  }
}

/** The L1 providers' bank accounts, where purchase orders are paid: demo IBANs with valid check
 * digits. */
export async function writeProviderAccounts(client: PoolClient): Promise<void> {
  const accounts = [
    [408, 'Al Rajhi Bank', 'مصرف الراجحي', 'SA0380000000608010167519'],
    [410, 'Saudi National Bank', 'البنك الأهلي السعودي', 'SA1810000001234567891234'],
    [412, 'Riyad Bank', 'بنك الرياض', 'SA5520000002345678912345'],
  ] as const;
  for (const [sip, en, ar, iban] of accounts)
    await writeProviderAccount(client, sip, { en, ar, iban });
}

/** A provider's bank account; one it has already is kept. */
export async function writeProviderAccount(
  client: PoolClient,
  sip: number,
  bank: { en: string; ar: string; iban: string },
): Promise<void> {
  await client.query(
    `UPDATE service_providers SET bank_name_en = $2, bank_name_ar = $3, iban = $4
      WHERE sip_slno = $1 AND iban IS NULL`,
    [sip, bank.en, bank.ar, bank.iban],
  );
}

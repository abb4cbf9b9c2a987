/**
 * Demo data, written once into an empty database: the L1 provider 408 and organization 314 of
 * SPEC §9, bilingual people with valid national ids and Saudi mobiles, reference data, eSign
 * plans in SAR, and an individual history for the first demo user.
 */
import { isValidNationalId } from '@tawqi/domain';
import { hashPassword } from '../modules/auth/passwords.js';
import { inTransaction, type Pool, type PoolClient } from '../db/pool.js';
import {
  writeCatalogue,
  PROVIDER_STAFF_PEOPLE,
  WORLD_PEOPLE,
  writeProviderAccounts,
  writeProviderStaff,
  writeTransactionAnswers,
  writeTransactionRecords,
  writeSpecialPlanRequests,
  writeWorld,
} from './world.js';
import { demoPdf } from '../db/demoPdf.js';
import { L2_APPLICANTS, writeProviderHierarchy } from './providerWorld.js';
import {
  DATABASE_DOCUMENTS,
  newDocumentKey,
  recordDocument,
  type DocumentStore,
} from '../modules/documents/store.js';

/** A national id of nine digits completed with its check digit. */
export function nationalId(nine: string): string {
  for (let check = 0; check <= 9; check += 1)
    if (isValidNationalId(`${nine}${String(check)}`)) return `${nine}${String(check)}`;
  throw new Error(`no check digit for ${nine}`);
}

export const DEMO_PASSWORD = 'Tawqi-demo-2026';

export const DEMO_PEOPLE = [
  {
    nationalId: nationalId('100000000'),
    en: 'Sara Al-Qahtani',
    ar: 'سارة القحطاني',
    username: 'sara',
    mobile: '0551234567',
    email: 'sara@riyadhtrading.sa',
    role: 'Enrolment Admin and Authorized Signatory of organization 314',
  },
  {
    nationalId: nationalId('100000001'),
    en: 'Mohammed Al-Harbi',
    ar: 'محمد الحربي',
    username: 'mohammed',
    mobile: '0559876543',
    email: 'mohammed@riyadhtrading.sa',
    role: 'Organization User of organization 314',
  },
  {
    nationalId: nationalId('100000002'),
    en: 'Noura Al-Otaibi',
    ar: 'نورة العتيبي',
    username: 'noura',
    mobile: '0501112233',
    email: 'noura@example.sa',
    role: 'individual, no organization',
  },
] as const;

/**
 * Every named person the demo world seeds: the individual demo's, the world's people,
 * the providers' staff and the L2 applicants' admins, with their own names. The identity-app
 * simulator answers for each with these names, so a signature carries the right person's name.
 */
export function demoIdentities(): { nationalId: string; en: string; ar: string }[] {
  return [
    ...DEMO_PEOPLE,
    ...[...WORLD_PEOPLE, ...PROVIDER_STAFF_PEOPLE].map((person) => ({
      ...person,
      nationalId: nationalId(person.nationalIdStem),
    })),
    ...L2_APPLICANTS.map(({ admin }) => ({ ...admin, nationalId: nationalId(admin.stem) })),
  ].map((person) => ({ nationalId: person.nationalId, en: person.en, ar: person.ar }));
}

/** A one-page PDF with a line of text: a real document for the agreement downloads. */
export function minimalPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${String(text.length + 38)} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The demo data, in versions: each is written once, in its own transaction, and recorded in
 * `seed_versions`, so a development database made by an older version receives what is new.
 * A database seeded before versions existed (it has people but no record) counts as version 1.
 */
const SEED_VERSIONS = [
  { version: 1, name: 'individual demo', write: writeIndividualDemo },
  { version: 2, name: 'organization world', write: writeOrganizationWorld },
  { version: 3, name: 'change request values', write: writeChangeRequestValues },
  { version: 4, name: 'request documents', write: writeRequestDocuments },
  { version: 5, name: 'organization catalogue', write: writeCatalogue },
  { version: 6, name: 'special plan requests', write: writeSpecialPlanRequests },
  { version: 7, name: 'provider bank accounts', write: writeProviderAccounts },
  {
    version: 8,
    name: 'provider hierarchy',
    write: (client: PoolClient, now: Date, passwordHash: string, documents: DocumentStore) =>
      writeProviderHierarchy(client, now, { nationalIdOf: nationalId, passwordHash, documents }),
  },
  {
    version: 9,
    name: 'provider staff',
    write: (client: PoolClient, now: Date, passwordHash: string) =>
      writeProviderStaff(client, { now, nationalIdOf: nationalId, passwordHash }),
  },
  { version: 10, name: 'transaction records', write: writeTransactionRecords },
  { version: 11, name: 'transaction answers', write: writeTransactionAnswers },
  { version: 12, name: 'envelopes', write: writeEnvelopes },
] as const;

/** Seeds what the database lacks; answers the names of the versions written. */
export async function seedDemoData(
  pool: Pool,
  now: Date,
  documents: DocumentStore = DATABASE_DOCUMENTS,
): Promise<string[]> {
  const applied = new Set(
    (await pool.query<{ version: number }>('SELECT version FROM seed_versions')).rows.map(
      (row) => row.version,
    ),
  );
  if (applied.size === 0 && (await pool.query('SELECT 1 FROM users LIMIT 1')).rowCount) {
    await pool.query(
      `INSERT INTO seed_versions (version, name, applied_at) VALUES (1, 'individual demo', $1)
       ON CONFLICT (version) DO NOTHING`,
      [now],
    );
    applied.add(1);
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const written: string[] = [];
  for (const step of SEED_VERSIONS) {
    if (applied.has(step.version)) continue;
    // Two servers starting together on one database: one writes each step, the other finds it
    // written once the lock is its turn.
    const wrote = await inTransaction(pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('tawqi demo seed'))");
      const done = await client.query('SELECT 1 FROM seed_versions WHERE version = $1', [
        step.version,
      ]);
      if (done.rowCount) return false;
      await step.write(client, now, passwordHash, documents);
      await client.query(
        'INSERT INTO seed_versions (version, name, applied_at) VALUES ($1, $2, $3)',
        [step.version, step.name, now],
      );
      return true;
    });
    if (wrote) written.push(step.name);
  }
  // A bulk load: the planner's statistics now, not at autovacuum's next round (with a stale
  // estimate of a few rows it sorts a whole organization's transactions for each export batch).
  if (written.length > 0) await pool.query('ANALYZE');
  return written;
}

/**
 * What each of the world's change requests asks for: a new e-mail, a new mobile, or
 * another of the organization's units, so an approver sees the change and approving makes it.
 */
export async function writeChangeRequestValues(client: PoolClient): Promise<void> {
  await client.query(`
    UPDATE user_requests r SET details = jsonb_build_object('field', asked.field, 'value', asked.value)
      FROM (SELECT r2.request_slno, choice.field,
                   CASE choice.field
                     WHEN 'email' THEN 'new.' || m.email
                     WHEN 'mobile' THEN '05' || lpad(((m.user_slno * 7919) % 100000000)::text, 8, '0')
                     ELSE other.unit::text
                   END AS value
              FROM user_requests r2
              JOIN memberships m ON m.org_slno = r2.org_slno AND m.user_slno = r2.user_slno
              LEFT JOIN LATERAL (
                SELECT min(u.org_unit_slno) AS unit FROM organization_units u
                 WHERE u.org_slno = r2.org_slno AND u.status = 'Approved' AND u.is_active
                   AND u.org_unit_slno IS DISTINCT FROM m.org_unit_slno) AS other ON true
              CROSS JOIN LATERAL (
                SELECT CASE WHEN r2.user_slno % 3 = 2 AND other.unit IS NOT NULL THEN 'unit'
                            WHEN r2.user_slno % 3 = 1 THEN 'email' ELSE 'mobile' END AS field) AS choice
             WHERE r2.kind = 'change' AND NOT r2.details ? 'value') AS asked
     WHERE asked.request_slno = r.request_slno`);
}

/**
 * The world's pending new-user requests carry an authorization letter (documents on
 * requests), uploaded by an Enrolment Admin of the organization, so an approver has one to open.
 */
async function writeRequestDocuments(
  client: PoolClient,
  now: Date,
  _passwordHash: string,
  documents: DocumentStore,
): Promise<void> {
  const { rows } = await client.query<{
    request_slno: number;
    org_slno: number;
    admin: number;
    name_en: string;
    org_en: string;
  }>(
    `SELECT r.request_slno, r.org_slno, admin.user_slno AS admin, u.full_name_en AS name_en, o.name_en AS org_en
       FROM user_requests r
       JOIN users u ON u.user_slno = r.user_slno
       JOIN organizations o ON o.org_slno = r.org_slno
       JOIN LATERAL (SELECT m.user_slno FROM memberships m
                      WHERE m.org_slno = r.org_slno AND 'enrolmentAdmin' = ANY(m.roles) AND m.status = 'Approved'
                      ORDER BY m.user_slno LIMIT 1) AS admin ON true
      WHERE r.kind = 'newUser' AND r.status = 'Pending'
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.user_request_slno = r.request_slno)`,
  );
  for (const request of rows) {
    const letter = demoPdf([
      'Authorization letter',
      '',
      `${request.org_en} authorizes ${request.name_en}`,
      'to sign electronically on its behalf.',
      '',
      'Demo document of the Tawqi demo world.',
    ]);
    await recordDocument(client, documents, {
      key: newDocumentKey(),
      orgSlno: request.org_slno,
      uploadedBy: request.admin,
      category: 'authorizationLetter',
      name: 'authorization letter.pdf',
      mediaType: 'application/pdf',
      bytes: letter,
      createdAt: now,
      owner: { userRequest: request.request_slno },
    });
  }
}

async function writeOrganizationWorld(
  client: PoolClient,
  now: Date,
  passwordHash: string,
): Promise<void> {
  await writeWorld(client, { now, nationalIdOf: nationalId, passwordHash });
}

async function writeIndividualDemo(
  client: PoolClient,
  now: Date,
  passwordHash: string,
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(
    `INSERT INTO service_providers (sip_slno, sip_id, name_en, name_ar, level) VALUES (408, 'SIP-408', 'Tawqi Trust Services', 'توقيع لخدمات الثقة', 'L1')`,
  );
  await q(
    `INSERT INTO service_providers (sip_slno, sip_id, name_en, name_ar, level, parent_sip_slno) VALUES (500, 'L2-500', 'Jeddah Signing Services', 'جدة لخدمات التوقيع', 'L2', 408)`,
  );
  await q(`SELECT setval('service_providers_sip_slno_seq', 1000)`);
  await q(
    `INSERT INTO organizations (org_slno, organization_type, sip_slno, name_en, name_ar, cr_number, unified_org_no, email, telephone, address, city, region, postal_code, valid_till)
       VALUES (314, 1, 408, 'Riyadh Trading Company', 'شركة الرياض للتجارة', '1010123456', '7001234567', 'info@riyadhtrading.sa', '0112345678', 'King Fahd Road', 'Riyadh', 'Riyadh Region', '12211', '2028-06-30'),
              (320, 2, 500, 'Jeddah Logistics Est.', 'مؤسسة جدة للخدمات اللوجستية', '4030123456', '7009876543', 'info@jeddahlogistics.sa', '0126543210', 'Tahlia Street', 'Jeddah', 'Makkah Region', '23433', '2027-12-31')`,
  );
  await q(`SELECT setval('organizations_org_slno_seq', 1000)`);
  for (const person of DEMO_PEOPLE) {
    await q(
      `INSERT INTO users (national_id, full_name_en, full_name_ar, email, mobile, username, password_hash, kyc_valid_till, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, ($8::timestamptz + interval '10 months')::date, $8::timestamptz - interval '400 days')`,
      [
        person.nationalId,
        person.en,
        person.ar,
        person.email,
        person.mobile,
        person.username,
        passwordHash,
        now,
      ],
    );
  }
  const ids = (await q('SELECT user_slno FROM users ORDER BY user_slno')).rows.map(
    (row: { user_slno: number }) => row.user_slno,
  );
  const [sara, mohammed] = ids as [number, number, number];
  await q(
    `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile)
       VALUES ($1, 314, ARRAY['enrolmentAdmin', 'authorizedSignatory'], 'EMP-1001', 'sara@riyadhtrading.sa', '0551234567'),
              ($2, 314, ARRAY['organizationUser'], 'EMP-1002', 'mohammed@riyadhtrading.sa', '0559876543')`,
    [sara, mohammed],
  );

  // Countries, regions and cities are reference data: migration 006 has them.
  await q(
    `INSERT INTO esign_plans (plan_name, plan_name_ar, product_name, transaction_limit, validity_months, price_halalas, is_welcome_pack) VALUES
        ('Welcome pack', 'باقة الترحيب', 'eSign', 5, 3, 0, true),
        ('Starter', 'الباقة الأساسية', 'eSign', 10, 12, 9900, false),
        ('Professional', 'الباقة الاحترافية', 'eSign', 50, 12, 39900, false),
        ('Business', 'باقة الأعمال', 'eSign', 200, 12, 129900, false),
        ('Enterprise', 'باقة المنشآت', 'eSign', 1000, 24, 499900, false)`,
  );
  await writeIndividualHistory(client, now, {
    userSlno: sara,
    organization: { slno: 314, en: 'Riyadh Trading Company' },
    ids: DEMO_HISTORY_IDS,
  });
}

/** The ids the demo individual's history is written under: a test's history takes others. */
export interface HistoryIds {
  plan: string;
  transaction: (index: number) => string;
  terms: string;
  organizationAgreement: string;
}

const DEMO_HISTORY_IDS: HistoryIds = {
  plan: 'PLN-WELCOME-0001',
  transaction: (index) => `ES-${String(2026000100 + index)}`,
  terms: 'agr-terms-0001',
  organizationAgreement: 'agr-org-0314',
};

/**
 * An individual's history, as the demo's first person has it: a welcome pack of 5 with 2 used,
 * 24 transactions over 70 days (half successes, a quarter each failed and pending; one to three
 * documents each), the terms of use and the organization's subscriber agreement, and three
 * notifications, two unread.
 */
export async function writeIndividualHistory(
  client: PoolClient,
  now: Date,
  person: { userSlno: number; organization: { slno: number; en: string }; ids: HistoryIds },
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const { userSlno, organization, ids } = person;
  await q(
    `INSERT INTO purchased_plans (plan_unique_id, user_slno, product_pricing_details_slno, transactions, utilized, valid_from, valid_to, created_at)
       VALUES ($3, $1, 1, 5, 2, ($2::timestamptz - interval '20 days')::date, ($2::timestamptz + interval '70 days')::date, $2::timestamptz - interval '20 days')`,
    [userSlno, now, ids.plan],
  );
  await writeIndividualTransactions(client, now, person);
  await q(
    `INSERT INTO agreements (user_slno, org_slno, user_type, unique_file_id, file_name, content, title_en, title_ar, accepted_at) VALUES
        ($1, NULL, 'Individual', $4, 'Tawqi_Terms_of_Use.pdf', $2, 'Tawqi terms of use', 'شروط استخدام منصة توقيع', $8::timestamptz - interval '20 days'),
        ($1, $6, 'Enrolment Admin', $5, $7, $3, 'Subscriber agreement', 'اتفاقية المشترك', $8::timestamptz - interval '20 days')`,
    [
      userSlno,
      minimalPdf('Tawqi terms of use'),
      minimalPdf(`Subscriber agreement - ${organization.en}`),
      ids.terms,
      ids.organizationAgreement,
      organization.slno,
      `Subscriber_Agreement_${String(organization.slno)}.pdf`,
      now,
    ],
  );
  await q(
    `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, is_read, created_at) VALUES
        ($1, 'Welcome to Tawqi', 'مرحبًا بك في منصة توقيع', 'Your welcome pack has 5 transactions.', 'تتضمن باقة الترحيب ٥ عمليات.', true, $2::timestamptz - interval '20 days'),
        ($1, 'Document signed', 'تم توقيع المستند', 'Employment contract.pdf was signed.', 'تم توقيع المستند عقد العمل.', false, $2::timestamptz - interval '2 days'),
        ($1, 'Plan expiring soon', 'الباقة قاربت على الانتهاء', 'Your welcome pack expires in 70 days.', 'تنتهي باقة الترحيب خلال ٧٠ يومًا.', false, $2::timestamptz - interval '1 day')`,
    [userSlno, now],
  );
}

/** The individual's 24 transactions over 70 days, with one to three documents each. */
async function writeIndividualTransactions(
  client: PoolClient,
  now: Date,
  person: { userSlno: number; organization: { en: string }; ids: HistoryIds },
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const { userSlno, organization, ids } = person;
  for (let i = 0; i < 24; i += 1) {
    const status = ['success', 'success', 'failed', 'pending'][i % 4] as string;
    const logs = await q(
      `INSERT INTO esign_transactions (transaction_id, user_slno, plan_type, user_role, status, originator, transaction_date)
         VALUES ($1, $2, $3, 'Individual', $4, $5, $6::timestamptz - make_interval(days => $7)) RETURNING esign_logs_id`,
      [
        ids.transaction(i),
        userSlno,
        i % 3 ? 'Individual' : 'Welcome pack',
        status,
        i % 2 ? 'Tawqi portal' : `${organization.en} ERP`,
        now,
        i * 3,
      ],
    );
    const esignLogsId = (logs.rows[0] as { esign_logs_id: number }).esign_logs_id;
    for (let d = 0; d < (i % 3) + 1; d += 1) {
      await q(
        'INSERT INTO transaction_documents (esign_logs_id, document_name, unique_file_id) VALUES ($1, $2, $3)',
        [
          esignLogsId,
          ['Employment contract.pdf', 'عقد إيجار.pdf', 'Purchase order 2026-114.pdf'][d] ??
            'Document.pdf',
          `file-${String(esignLogsId)}-${String(d)}`,
        ],
      );
    }
  }
}

/**
 * An envelope to see in the portal: Sara sent a lease to Mohammed and then Noura;
 * Mohammed is asked now. A demo page as its PDF (nobody has signed it yet).
 */
async function writeEnvelopes(client: PoolClient, now: Date): Promise<void> {
  const users = new Map(
    (
      await client.query<{ username: string; user_slno: number }>(
        "SELECT username, user_slno FROM users WHERE username IN ('sara', 'mohammed', 'noura')",
      )
    ).rows.map((row) => [row.username, row.user_slno]),
  );
  const [sara, mohammed, noura] = ['sara', 'mohammed', 'noura'].map((name) => users.get(name));
  // A first-release database kept its own people instead of the demo's: no envelope for them.
  if (sara === undefined || mohammed === undefined || noura === undefined) return;
  const { rows } = await client.query<{ envelope_slno: number }>(
    `INSERT INTO envelopes (envelope_id, sender_slno, org_slno, title, document_name, content, status, created_at)
     VALUES ('EN-0DE40A11CE000001', $1, NULL, 'عقد إيجار المكتب', 'office-lease.pdf', $2, 'inProgress',
             $3::timestamptz - interval '3 hours')
     RETURNING envelope_slno`,
    [
      sara,
      demoPdf(['Office lease', 'Riyadh Trading Company - King Fahd Road, Riyadh', 'Term: 2 years']),
      now,
    ],
  );
  const envelope = rows[0]?.envelope_slno;
  await client.query(
    `INSERT INTO envelope_signers (envelope_slno, position, user_slno, placement, status) VALUES
        ($1, 1, $2, '1-40,40,260,120', 'asked'),
        ($1, 2, $3, '1-340,40,560,120', 'waiting')`,
    [envelope, mohammed, noura],
  );
}

/**
 * A world of a test's own: people, organizations and providers made fresh for each call by the
 * demo world's own writers (units, contacts, eSign lots and seats; packs, stock and staff; a
 * person's history), so that a test does not lean on the demo world's ids and people, and the
 * demo world can change.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { OrganizationRole, ProviderRole } from '@tawqi/domain';
import type { PoolClient } from 'pg';
import { simulatedPerson } from '../src/adapters/nafath/people.js';
import { writeApplicant } from '../src/demo/providerWorld.js';
import {
  writeChangeRequestValues,
  writeIndividualHistory,
  type HistoryIds,
} from '../src/demo/seed.js';
import { inTransaction } from '../src/db/pool.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { post, type Counter } from '../src/modules/counters/ledger.js';
import {
  placeInHeadOffice,
  writeBulkPeople,
  writeMember,
  writeOrganization,
  writeProvider,
  writeProviderAccount,
  writeProviderCatalogue,
  writeTransactionAnswers,
  writeTransactionRecords,
  writeTransactions,
  type WorldOrganization,
  type WorldPerson,
  type WorldProvider,
} from '../src/demo/world.js';
import { validNationalId, type Harness } from './harness.js';

type Owner = Pick<Harness, 'ownerPool' | 'clock'>;

/** The next number of a serial column: never one the demo world wrote, nor another test's. */
async function nextSlno(h: Owner, table: string, column: string): Promise<number> {
  const { rows } = await h.ownerPool.query<{ next: string }>(
    'SELECT nextval(pg_get_serial_sequence($1, $2)) AS next',
    [table, column],
  );
  return Number(rows[0]?.next);
}

/** A fresh provider's names, in English and Arabic. */
export function providerNames(slno: number): { en: string; ar: string } {
  return { en: `Test Trust Services ${String(slno)}`, ar: `خدمات الثقة التجريبية ${String(slno)}` };
}

/** A fresh L1 provider (or an L2 under `parent`), named as the demo's are: its slno. */
export async function freshProvider(h: Owner, parent?: number): Promise<number> {
  const slno = await nextSlno(h, 'service_providers', 'sip_slno');
  const provider: WorldProvider = {
    slno,
    id: `${parent === undefined ? 'SIP' : 'L2'}-${String(slno)}`,
    ...providerNames(slno),
    level: parent === undefined ? 'L1' : 'L2',
    ...(parent === undefined ? {} : { parent }),
  };
  await inTransaction(h.ownerPool, (client) => writeProvider(client, provider));
  return slno;
}

export interface FreshPerson {
  userSlno: number;
  nationalId: string;
  /** In English, and `nameAr` in Arabic, as the identity app gives them. */
  name: string;
  nameAr: string;
  /** Their sign-in name and mobile, for signing in with credentials (password `FRESH_PASSWORD`). */
  username: string;
  mobile: string;
  email: string;
}

/** Every fresh person's password, for signing in with credentials. */
export const FRESH_PASSWORD = 'Fresh-Person-2026';
let freshPasswordHash: Promise<string> | undefined;

/**
 * A fresh person of no organization (an individual), who can sign in through the identity app;
 * with `signatures`, a plan of their own (`individualPlan`).
 */
export async function freshPerson(
  h: Owner,
  options: { signatures?: number } = {},
): Promise<FreshPerson> {
  const person = await inTransaction(h.ownerPool, (client) => writeFreshPerson(client, h, []));
  if (options.signatures !== undefined) await individualPlan(h, person, options.signatures);
  return person;
}

/** A Starter plan of `signatures` bought today by the person, for signing as an individual. */
export async function individualPlan(
  h: Owner,
  person: Pick<FreshPerson, 'userSlno'>,
  signatures: number,
): Promise<void> {
  await h.ownerPool.query(
    `INSERT INTO purchased_plans (plan_unique_id, user_slno, product_pricing_details_slno, transactions,
                                  utilized, valid_from, valid_to, created_at)
     SELECT 'PLN-TEST-' || $1::int || '-' || $4::text, $1, product_pricing_details_slno, $2, 0,
            $3::timestamptz::date, ($3::timestamptz + interval '12 months')::date, $3
       FROM esign_plans WHERE plan_name = 'Starter'`,
    [person.userSlno, signatures, h.clock.now, randomUUID().slice(0, 8)],
  );
}

/** Makes `person` a member of organization `orgSlno` too, in its head office. */
export async function joinOrganization(
  h: Owner,
  person: FreshPerson,
  orgSlno: number,
  roles: OrganizationRole[],
): Promise<void> {
  await inTransaction(h.ownerPool, async (client) => {
    await client.query(
      `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, designation)
       VALUES ($1, $2, $3, 'EMP-' || $1::int, $4, $5, 'Officer')`,
      [person.userSlno, orgSlno, roles, person.email, person.mobile],
    );
    await placeInHeadOffice(client, orgSlno);
  });
}

/** A fresh person (or `person`) on the staff of provider `sip` in the roles given. */
export async function freshStaff(
  h: Owner,
  sip: number,
  roles: ProviderRole[],
  person?: FreshPerson,
): Promise<FreshPerson> {
  return inTransaction(h.ownerPool, async (client) => {
    const staff = person ?? (await writeFreshPerson(client, h, []));
    await client.query(
      'INSERT INTO provider_staff (sip_slno, user_slno, roles) VALUES ($1, $2, $3)',
      [sip, staff.userSlno, roles],
    );
    return staff;
  });
}

/** What a fresh L1 is granted to sell and allocate, as the demo's first L1 is. */
const L1_STOCK: Record<Counter, number> = {
  esign: 500_000,
  enrolmentAdmin: 200,
  authorizedSignatory: 1_000,
  organizationUser: 20_000,
};

export interface FreshL1 {
  sipSlno: number;
  /** Its Provider Admin, Provider Finance and Provider Approver. */
  admin: FreshPerson;
  finance: FreshPerson;
  approver: FreshPerson;
}

/**
 * A fresh L1 provider as the demo's are: its counter packs at list price, a bank account, the
 * stock Tawqi granted it, and a member of staff in each role.
 */
export async function freshL1(h: Owner): Promise<FreshL1> {
  const sipSlno = await freshProvider(h);
  await inTransaction(h.ownerPool, async (client) => {
    const { rows } = await client.query<{ name_en: string; name_ar: string }>(
      'SELECT name_en, name_ar FROM service_providers WHERE sip_slno = $1',
      [sipSlno],
    );
    const names = rows[0] as { name_en: string; name_ar: string };
    await writeProviderCatalogue(client, { slno: sipSlno, en: names.name_en, ar: names.name_ar });
    await writeProviderAccount(client, sipSlno, {
      en: 'Al Rajhi Bank',
      ar: 'مصرف الراجحي',
      iban: 'SA0380000000608010167519',
    });
    for (const [counter, quantity] of Object.entries(L1_STOCK) as [Counter, number][])
      await post(client, {
        sipSlno,
        counter,
        kind: 'opening',
        quantity,
        reason: 'Stock granted by Tawqi',
        reference: 'test:stock',
        at: h.clock.now,
      });
  });
  return {
    sipSlno,
    admin: await freshStaff(h, sipSlno, ['providerAdmin']),
    finance: await freshStaff(h, sipSlno, ['providerFinance']),
    approver: await freshStaff(h, sipSlno, ['providerApprover']),
  };
}

/** A person with a national id no one else has, and the memberships given. */
async function writeFreshPerson(
  client: PoolClient,
  h: Owner,
  memberships: WorldPerson['memberships'],
): Promise<FreshPerson> {
  const stem = `1${String(randomInt(10_000_000, 100_000_000))}`;
  // Named as the identity app names them, as a person who signed up through it is.
  const identity = simulatedPerson(validNationalId(stem));
  const contact = {
    username: `person${stem}`,
    mobile: `05${stem.slice(-8)}`,
    email: `person${stem}@example.test`,
  };
  freshPasswordHash ??= hashPassword(FRESH_PASSWORD);
  const userSlno = await writeMember(
    client,
    {
      nationalIdStem: stem,
      en: identity.fullNameEnglish,
      ar: identity.fullNameArabic,
      ...contact,
      memberships,
      role: memberships.map((membership) => membership.roles.join(', ')).join('; '),
    },
    { now: h.clock.now, nationalIdOf: validNationalId, passwordHash: await freshPasswordHash },
  );
  return {
    userSlno,
    nationalId: validNationalId(stem),
    name: identity.fullNameEnglish,
    nameAr: identity.fullNameArabic,
    ...contact,
  };
}

/**
 * A fresh organization under a fresh provider (or `sip`), with an eSign stock and seats as the
 * demo's organizations have, and one member for each roles given (an Enrolment Admin by default).
 */
export async function freshOrganization(
  h: Owner,
  options: {
    sip?: number;
    type?: 1 | 2;
    members?: OrganizationRole[][];
    /** People made in bulk and a history of transactions over them, with their records. */
    volume?: { users: number; transactions: number };
  } = {},
): Promise<{ orgSlno: number; sipSlno: number; members: FreshPerson[] }> {
  const sipSlno = options.sip ?? (await freshProvider(h));
  const orgSlno = await nextSlno(h, 'organizations', 'org_slno');
  // The ledger's postings need a transaction.
  const organization: WorldOrganization = {
    slno: orgSlno,
    // 1: its own query id; 2: its provider's (SPEC §6).
    type: options.type ?? 1,
    sip: sipSlno,
    en: `Test Company ${String(orgSlno)}`,
    ar: `شركة الاختبار ${String(orgSlno)}`,
    city: 'Riyadh',
    region: 'Riyadh Region',
    ...(options.volume ? { volume: options.volume } : {}),
  };
  const members = await inTransaction(h.ownerPool, async (client) => {
    await writeOrganization(client, organization, h.clock.now);
    const made: FreshPerson[] = [];
    for (const roles of options.members ?? [['enrolmentAdmin']])
      made.push(await writeFreshPerson(client, h, [{ org: orgSlno, roles }]));
    if (options.volume) await writeVolume(client, h, organization, options.volume);
    await placeInHeadOffice(client, orgSlno);
    return made;
  });
  return { orgSlno, sipSlno, members };
}

/**
 * An organization under a fresh L1 (or `l1`) whose Enrolment Admin is also that L1's Provider
 * Admin: someone who may never decide for their own organization.
 */
export async function freshInsider(
  h: Owner,
  l1?: FreshL1,
): Promise<{ l1: FreshL1; customer: { orgSlno: number }; insider: FreshPerson }> {
  const provider = l1 ?? (await freshL1(h));
  const customer = await freshOrganization(h, { sip: provider.sipSlno });
  const [admin] = customer.members as [FreshPerson];
  const insider = await freshStaff(h, provider.sipSlno, ['providerAdmin'], admin);
  return { l1: provider, customer, insider };
}

/** The volume of the demo's busiest organization, in a fresh one: its people and history. */
async function writeVolume(
  client: PoolClient,
  h: Owner,
  organization: WorldOrganization,
  volume: { users: number; transactions: number },
): Promise<void> {
  // Citizens' ids of the organization's own: 1, its slno in four digits, the index in four.
  if (organization.slno >= 10_000 || volume.users > 10_000)
    throw new Error('a volume organization needs a slno and a head count under 10,000');
  const stemOf = (index: number) =>
    `1${String(organization.slno).padStart(4, '0')}${String(index).padStart(4, '0')}`;
  await writeBulkPeople(client, organization, volume.users, {
    now: h.clock.now,
    nationalIdOf: validNationalId,
    stemOf,
  });
  await writeChangeRequestValues(client);
  await writeTransactions(client, organization, h.clock.now);
  await writeTransactionRecords(client);
  await writeTransactionAnswers(client);
}

/** A fresh L2 provider under `l1` that applied and was approved, with its own organization (type
 * 2, named in its request), a customer besides, and its Provider Admin. */
export async function freshApprovedL2(
  h: Owner,
  l1: FreshL1,
): Promise<{
  sipSlno: number;
  own: { orgSlno: number };
  customer: { orgSlno: number };
  admin: FreshPerson;
}> {
  const sipSlno = await freshProvider(h, l1.sipSlno);
  const own = await freshOrganization(h, { sip: sipSlno, type: 2 });
  const customer = await freshOrganization(h, { sip: sipSlno, type: 2 });
  await h.ownerPool.query(
    `INSERT INTO l2_requests (l1_sip_slno, l2_sip_slno, l2_org_slno, status, originator, created_at, decided_by, decided_at)
     VALUES ($1, $2, $3, 'Approved', 'L2 portal', $4, $5, $4)`,
    [l1.sipSlno, sipSlno, own.orgSlno, h.clock.now, l1.approver.userSlno],
  );
  return { sipSlno, own, customer, admin: await freshStaff(h, sipSlno, ['providerAdmin']) };
}

export interface FreshApplicant {
  sipSlno: number;
  orgSlno: number;
  en: string;
  ar: string;
  /** Who applied: the provider's first Enrolment Admin once approved. */
  admin: FreshPerson;
}

/**
 * A fresh L2 provider applying under `l1` (waiting, or refused with `remarks`), as the demo's
 * applicants are: its organization, contacts, applying admin, request and two documents.
 */
export async function freshApplicant(
  h: Owner & Pick<Harness, 'deps'>,
  l1: number,
  refusal?: { remarks: string },
): Promise<FreshApplicant> {
  const sipSlno = await nextSlno(h, 'service_providers', 'sip_slno');
  const orgSlno = await nextSlno(h, 'organizations', 'org_slno');
  const stem = `1${String(randomInt(10_000_000, 100_000_000))}`;
  const identity = simulatedPerson(validNationalId(stem));
  const admin = {
    stem,
    en: identity.fullNameEnglish,
    ar: identity.fullNameArabic,
    username: `applicant${stem}`,
    mobile: `05${stem.slice(-8)}`,
    email: `applicant${stem}@l2-${String(sipSlno)}.test`,
  };
  const names = {
    en: `Test Applicant ${String(sipSlno)}`,
    ar: `مقدّم الطلب التجريبي ${String(sipSlno)}`,
  };
  freshPasswordHash ??= hashPassword(FRESH_PASSWORD);
  const passwordHash = await freshPasswordHash;
  await inTransaction(h.ownerPool, (client) =>
    writeApplicant(
      client,
      {
        l1,
        sip: sipSlno,
        ...names,
        org: orgSlno,
        city: 'Taif',
        region: 'Makkah Region',
        status: refusal ? 'Rejected' : 'Pending',
        ...(refusal ? { remarks: refusal.remarks } : {}),
        admin,
      },
      h.clock.now,
      { nationalIdOf: validNationalId, passwordHash, documents: h.deps.documents },
    ),
  );
  const { rows } = await h.ownerPool.query<{ user_slno: number }>(
    'SELECT user_slno FROM users WHERE national_id = $1',
    [validNationalId(stem)],
  );
  return {
    sipSlno,
    orgSlno,
    ...names,
    admin: {
      userSlno: (rows[0] as { user_slno: number }).user_slno,
      nationalId: validNationalId(stem),
      name: admin.en,
      nameAr: admin.ar,
      username: admin.username,
      mobile: admin.mobile,
      email: admin.email,
    },
  };
}

/**
 * A fresh person with the demo individual's history (test-own ids): Enrolment Admin of a fresh
 * organization, a welcome pack, transactions, agreements and notifications (writeIndividualHistory).
 */
export async function freshIndividual(
  h: Owner,
): Promise<{ person: FreshPerson; orgSlno: number; ids: HistoryIds }> {
  const world = await freshOrganization(h, {
    members: [['enrolmentAdmin', 'authorizedSignatory']],
  });
  const person = world.members[0] as FreshPerson;
  const tag = String(person.userSlno);
  const ids: HistoryIds = {
    plan: `PLN-WELCOME-U${tag}`,
    transaction: (index) => `ES-U${tag}-${String(index).padStart(3, '0')}`,
    terms: `agr-terms-u${tag}`,
    organizationAgreement: `agr-org-u${tag}`,
  };
  await inTransaction(h.ownerPool, (client) =>
    writeIndividualHistory(client, h.clock.now, {
      userSlno: person.userSlno,
      organization: { slno: world.orgSlno, en: `Test Company ${String(world.orgSlno)}` },
      ids,
    }),
  );
  return { person, orgSlno: world.orgSlno, ids };
}

/**
 * A fresh L1 provider and two of its customers: an organization directly under it (its Enrolment
 * Admin, who also signs, and an Authorized Signatory) and one under an L2 provider of it.
 */
export async function freshL1Customers(h: Owner): Promise<{
  l1: FreshL1;
  orgSlno: number;
  admin: FreshPerson;
  signatory: FreshPerson;
  underL2: { orgSlno: number; members: FreshPerson[] };
}> {
  const l1 = await freshL1(h);
  const direct = await freshOrganization(h, {
    sip: l1.sipSlno,
    members: [['enrolmentAdmin', 'authorizedSignatory'], ['authorizedSignatory']],
  });
  const [admin, signatory] = direct.members as [FreshPerson, FreshPerson];
  const underL2 = await freshOrganization(h, { sip: await freshProvider(h, l1.sipSlno) });
  return { l1, orgSlno: direct.orgSlno, admin, signatory, underL2 };
}

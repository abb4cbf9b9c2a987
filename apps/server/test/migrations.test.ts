/**
 * Migrations and the demo world (issue 13, items 5 and 7): a database made by the first release
 * migrates forward without losing what it holds; the statuses and roles the domain names are the
 * ones the database accepts, and counters cannot go negative nor past their total; seeding is
 * versioned, so an older demo database receives the organization world once, and running it again
 * changes nothing.
 */
import { COUNTED_ROLES, ORGANIZATION_ROLES, ORG_USER_STATUSES, queryIdOf } from '@tawqi/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { createPool, type Pool } from '../src/db/pool.js';
import { seedDemoData } from '../src/demo/seed.js';
import {
  CANARY_MARKER,
  ORGANIZATIONS,
  PROVIDERS,
  PROVIDER_STAFF_PEOPLE,
  WORLD_PEOPLE,
} from '../src/demo/world.js';
import { L2_APPLICANTS } from '../src/demo/providerWorld.js';
import { createTestDatabase } from './harness.js';

const pools: Pool[] = [];
async function freshDatabase(): Promise<Pool> {
  // The owner's connection, as the server's start and globalSetup use it to migrate and seed: no
  // statement timeout (seeding the volume took over 30 s on a loaded CI machine).
  const pool = createPool((await createTestDatabase()).toString(), 3, console.error, 0);
  pools.push(pool);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

const NOW = new Date('2026-11-21T09:00:00.000Z');

// Each test makes a database and seeds the whole world (10 s alone on this machine, more beside
// the rest of the suite).
const SEEDING = { timeout: 90_000 };

/** The demo world's seed steps, in their order. */
const WORLD_STEPS = [
  'individual demo',
  'organization world',
  'change request values',
  'request documents',
  'organization catalogue',
  'special plan requests',
  'provider bank accounts',
  'provider hierarchy',
  'provider staff',
  'transaction records',
  'transaction answers',
  'envelopes',
];

describe('a first-release database', SEEDING, () => {
  it('migrates forward keeping its data, and receives the world once', async () => {
    const pool = await freshDatabase();
    await migrate(pool, MIGRATIONS.slice(0, 1));
    // What a first-release demo database held: a provider, an organization, a person and a
    // membership, and reference data its seed wrote.
    await pool.query(`
      INSERT INTO service_providers (sip_slno, sip_id, name_en, name_ar, level) VALUES (408, 'SIP-408', 'Old name', 'اسم قديم', 'L1');
      INSERT INTO organizations (org_slno, organization_type, sip_slno, name_en, name_ar, cr_number, unified_org_no, email, telephone, address, city, region, postal_code, valid_till)
        VALUES (314, 1, 408, 'Old org', 'منشأة قديمة', '1', '1', 'a@b.sa', '1', '1', '1', '1', '1', '2030-01-01');
      INSERT INTO users (national_id, full_name_en, full_name_ar) VALUES ('1000000008', 'Early user', 'مستخدم قديم');
      INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile)
        SELECT user_slno, 314, ARRAY['enrolmentAdmin'], 'EMP-1', 'a@b.sa', '0551234567' FROM users;
      INSERT INTO countries (name_en, name_ar, isd_code) VALUES ('Saudi Arabia', 'السعودية', '+966');
      INSERT INTO esign_transactions (transaction_id, user_slno, org_slno, plan_type, user_role, status, originator, transaction_date)
        SELECT id, user_slno, org, 'eSign', 'Individual', 'success', 'Tawqi portal', at::timestamptz
          FROM users, (VALUES ('ES-B', 314, '2026-02-01'), ('ES-A', 314, '2026-01-01'), ('ES-OWN', NULL, '2026-03-01')) AS t (id, org, at);
      INSERT INTO transaction_documents (esign_logs_id, document_name, unique_file_id)
        SELECT esign_logs_id, name, transaction_id || name FROM esign_transactions,
               (VALUES ('contract.pdf'), ('annex.pdf')) AS d (name)
         WHERE transaction_id IN ('ES-A', 'ES-OWN') AND (transaction_id = 'ES-A' OR name = 'annex.pdf');
    `);
    const applied = await migrate(pool);
    expect(applied).toEqual(MIGRATIONS.slice(1).map((migration) => migration.name));

    const { rows } = await pool.query(
      'SELECT o.name_en, o.query_id, m.roles FROM organizations o JOIN memberships m USING (org_slno)',
    );
    expect(rows).toEqual([{ name_en: 'Old org', query_id: 314, roles: ['enrolmentAdmin'] }]);
    // Its organization's transactions are numbered in the order they were made; a person's own are not.
    // Each counts the documents it had (migration 022).
    expect(
      (
        await pool.query(
          'SELECT transaction_id, org_counter, document_count FROM esign_transactions ORDER BY transaction_id',
        )
      ).rows,
    ).toEqual([
      { transaction_id: 'ES-A', org_counter: 1, document_count: 2 },
      { transaction_id: 'ES-B', org_counter: 2, document_count: 0 },
      { transaction_id: 'ES-OWN', org_counter: null, document_count: 1 },
    ]);
    // Its own reference data is kept, not doubled.
    expect((await pool.query('SELECT name_ar FROM countries')).rows).toEqual([
      { name_ar: 'السعودية' },
    ]);

    // Its demo data counts as the first seed version; the world comes next, once, also when
    // two servers start together on the database.
    const both = await Promise.all([seedDemoData(pool, NOW), seedDemoData(pool, NOW)]);
    expect(both.flat().sort()).toEqual(WORLD_STEPS.slice(1).sort());
    expect(await seedDemoData(pool, NOW)).toEqual([]);
    expect(
      (await pool.query(`SELECT name_en FROM organizations WHERE org_slno = 314`)).rows,
    ).toEqual([{ name_en: 'Old org' }]);
  });
});

describe('a new database', SEEDING, () => {
  it('has reference data without demo data', async () => {
    const pool = await freshDatabase();
    await migrate(pool);
    const count = async (table: string) =>
      Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    expect(await count('countries')).toBeGreaterThan(0);
    expect(await count('regions')).toBeGreaterThan(0);
    expect(await count('cities')).toBeGreaterThan(0);
    expect(await count('users')).toBe(0);
  });

  it('indexes every foreign key a read looks rows up by (the others are named here as written only)', async () => {
    const pool = await freshDatabase();
    await migrate(pool);
    // A foreign key no index leads with: reading by it scans the table (migration 021).
    const { rows } = await pool.query<{ key: string }>(
      `SELECT c.conrelid::regclass || '.' || string_agg(a.attname, ',' ORDER BY k.n) AS key
         FROM pg_constraint c
         CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
          AND NOT EXISTS (
            SELECT 1 FROM pg_index i
             WHERE i.indrelid = c.conrelid
               AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
               AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
        GROUP BY c.conrelid, c.conname`,
    );
    // Who created, decided or placed something, and what a row was bought from: kept for the
    // record and joined from the row, never searched by; and a request's person, read only
    // within its organization's requests (their index leads with the organization).
    const writtenOnly = [
      'counter_entries.created_by',
      'documents.uploaded_by',
      // An application's provider and organization: read from the application, a few rows.
      'esign_applications.org_slno',
      'esign_applications.sip_slno',
      'identity_challenges.org_slno',
      'identity_challenges.requested_by',
      'identity_challenges.user_slno',
      'l2_requests.created_by',
      'l2_requests.decided_by',
      'order_lines.pax_slno',
      'order_lines.product_pricing_details_slno',
      'orders.for_sip_slno',
      'orders.placed_by',
      'orders.product_pricing_details_slno',
      'organization_logos.uploaded_by',
      'pax_plans.product_pricing_details_slno',
      'provider_allocations.created_by',
      'provider_proposals.proposed_by',
      'purchase_orders.created_by',
      'purchase_orders.decided_by',
      'purchased_plans.product_pricing_details_slno',
      'special_plan_requests.decided_by',
      'special_plan_requests.requested_by',
      'agreements.org_slno',
      'user_requests.created_by',
      'user_requests.decided_by',
      'user_requests.user_slno',
      'agreement_acceptances.application_slno',
      'applications.l1_sip_slno',
      'ca_keys.serial',
      'certificate_requests.acceptance_slno',
      'certificate_requests.decided_by',
      'certificate_requests.product_slno',
      'orders.certificate_product_slno',
      // Who pays an envelope's signatures: read with the row they belong to.
      'envelopes.org_slno',
      'esign_transactions.payer_org_slno',
      'esign_transactions.payer_user_slno',
      // The provider a decision taken alone was of: read by who decided it.
      'provider_decisions_alone.sip_slno',
    ];
    expect(rows.map((row) => row.key).sort()).toEqual(writtenOnly.sort());
  });

  it('accepts exactly the statuses and roles the domain names, keeps counters sound, numbers transactions once each and units within their organization', async () => {
    const pool = await freshDatabase();
    await migrate(pool);
    await seedDemoData(pool, NOW);
    const user = (await pool.query(`SELECT user_slno FROM users WHERE username = 'noura'`)).rows[0]
      .user_slno as number;
    const join = (status: string, roles: string[], active = status === 'Approved') =>
      pool.query(
        `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, status, is_active)
         VALUES ($1, 322, $2, 'EMP-T', 'a@b.sa', '0551234567', $3, $4)`,
        [user, roles, status, active],
      );
    for (const status of ORG_USER_STATUSES) {
      await join(status, [...ORGANIZATION_ROLES]);
      await pool.query('DELETE FROM memberships WHERE user_slno = $1 AND org_slno = 322', [user]);
    }
    await expect(join('Sleeping', ['organizationUser'])).rejects.toThrow(/memberships_status/);
    await expect(join('Approved', ['owner'])).rejects.toThrow(/memberships_roles/);
    await expect(join('Approved', [])).rejects.toThrow(/memberships_roles/);
    // One meaning of an active member: never one that is not approved.
    for (const status of ORG_USER_STATUSES.filter((one) => one !== 'Approved'))
      await expect(join(status, ['organizationUser'], true)).rejects.toThrow(
        /memberships_active_is_approved/,
      );

    for (const counter of ['esign', ...COUNTED_ROLES])
      await expect(
        pool.query(
          `UPDATE organization_counters SET utilized = total + 1 WHERE org_slno = 322 AND counter = $1`,
          [counter],
        ),
      ).rejects.toThrow(/check constraint/);
    await expect(
      pool.query(`UPDATE organization_counters SET total = -1 WHERE org_slno = 322`),
    ).rejects.toThrow(/check constraint/);

    // A member's unit is one of their own organization's (a key over both ids).
    const unitOf = async (org: number) =>
      (
        await pool.query(
          `SELECT min(org_unit_slno) AS id FROM organization_units WHERE org_slno = $1`,
          [org],
        )
      ).rows[0].id as number;
    await expect(
      pool.query(`UPDATE memberships SET org_unit_slno = $1 WHERE org_slno = 322`, [
        await unitOf(314),
      ]),
    ).rejects.toThrow(/memberships_unit_of_org/);
    await pool.query(`UPDATE memberships SET org_unit_slno = $1 WHERE org_slno = 322`, [
      await unitOf(322),
    ]);
    // An organization's transactions are numbered once each, however many are made at once.
    const made = async () =>
      Number(
        (
          await pool.query(
            `SELECT esign_transactions_made AS n FROM organizations WHERE org_slno = 322`,
          )
        ).rows[0].n,
      );
    const before = await made();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pool.query(
          `INSERT INTO esign_transactions (transaction_id, user_slno, org_slno, plan_type, user_role, status, originator, transaction_date)
           SELECT $1, user_slno, 322, 'eSign', 'organizationUser', 'success', 'Tawqi portal', now()
             FROM memberships WHERE org_slno = 322 LIMIT 1`,
          [`ES-AT-ONCE-${String(index)}`],
        ),
      ),
    );
    const numbers = (
      await pool.query<{ org_counter: number }>(
        `SELECT org_counter FROM esign_transactions WHERE transaction_id LIKE 'ES-AT-ONCE-%' ORDER BY org_counter`,
      )
    ).rows.map((row) => row.org_counter);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => before + index + 1));
    expect(await made()).toBe(before + 20);

    // Every seeded member has a unit of their organization.
    expect(
      Number(
        (await pool.query(`SELECT count(*) AS n FROM memberships WHERE org_unit_slno IS NULL`))
          .rows[0].n,
      ),
    ).toBe(0);
  });

  it('keeps each transaction’s count of its documents as they are added, moved and removed', async () => {
    const pool = await freshDatabase();
    await migrate(pool);
    await pool.query(`
      INSERT INTO users (national_id, full_name_en, full_name_ar) VALUES ('1000000008', 'A person', 'شخص');
      INSERT INTO esign_transactions (transaction_id, user_slno, plan_type, user_role, status, originator, transaction_date)
        SELECT id, user_slno, 'eSign', 'Individual', 'success', 'Tawqi portal', now()
          FROM users, (VALUES ('ES-1'), ('ES-2')) AS t (id);
    `);
    const counts = async () =>
      (
        await pool.query<{ documents: number; counted: number }>(
          `SELECT t.document_count AS counted,
                  (SELECT count(*) FROM transaction_documents d WHERE d.esign_logs_id = t.esign_logs_id)::int AS documents
             FROM esign_transactions t`,
        )
      ).rows;
    const { rows } = await pool.query<{ a: number; b: number }>(
      `SELECT min(esign_logs_id) AS a, max(esign_logs_id) AS b FROM esign_transactions`,
    );
    const [{ a, b }] = rows as [{ a: number; b: number }];
    await pool.query(
      `INSERT INTO transaction_documents (esign_logs_id, document_name, unique_file_id)
       VALUES ($1, 'one.pdf', 'count-1'), ($1, 'two.pdf', 'count-2'), ($2, 'three.pdf', 'count-3')`,
      [a, b],
    );
    await pool.query(
      `UPDATE transaction_documents SET esign_logs_id = $1 WHERE unique_file_id = 'count-1'`,
      [b],
    );
    await pool.query(`DELETE FROM transaction_documents WHERE unique_file_id = 'count-3'`);
    for (const row of await counts()) expect(row.counted).toBe(row.documents);
    await expect(
      pool.query(`UPDATE esign_transactions SET document_count = -1 WHERE esign_logs_id = $1`, [a]),
    ).rejects.toThrow(/check constraint/);
  });

  it('gives every order and purchased plan exactly one owner, a person or an organization', async () => {
    const pool = await freshDatabase();
    await migrate(pool);
    await seedDemoData(pool, NOW);
    const noura = (await pool.query(`SELECT user_slno FROM users WHERE username = 'noura'`)).rows[0]
      .user_slno as number;
    const order = (
      key: string,
      user: number | null,
      org: number | null,
      category?: string,
      item: string | null = 'Starter',
    ) =>
      pool.query(
        `INSERT INTO orders (encoded_id, user_slno, org_slno, category, product_pricing_details_slno, quantity, price_halalas, tax_halalas, total_halalas, idempotency_key, created_at, item_en, item_ar)
         VALUES ($1, $2, $3, $4, 2, 1, 100, 15, 115, $1, now(), $5, $5)`,
        [key, user, org, category ?? (user === null ? 'counter' : 'plan'), item],
      );
    await order('order-person', noura, null);
    // What an order without lines bought is written on it, for its tax invoice (migration 032).
    await expect(order('order-unnamed', noura, null, 'plan', null)).rejects.toThrow(
      /orders_item_named/,
    );
    await order('order-organization', null, 314);
    await expect(order('order-both', noura, 314)).rejects.toThrow(/orders_one_owner/);
    await expect(order('order-neither', null, null)).rejects.toThrow(/orders_one_owner/);
    // One order per owner and key, for an organization as for a person.
    await expect(order('order-organization', null, 314)).rejects.toThrow(/duplicate key/);
    // A person buys a plan; an organization buys counters or role seats (migration 015).
    await expect(order('order-org-plan', null, 314, 'plan')).rejects.toThrow(
      /orders_category_owner/,
    );
    await expect(order('order-person-seats', noura, null, 'role')).rejects.toThrow(
      /orders_category_owner/,
    );

    const plan = (id: string, user: number | null, org: number | null) =>
      pool.query(
        `INSERT INTO purchased_plans (plan_unique_id, user_slno, org_slno, product_pricing_details_slno, transactions, valid_from, valid_to, created_at)
         VALUES ($1, $2, $3, 2, 10, '2026-01-01', '2027-01-01', now())`,
        [id, user, org],
      );
    await plan('plan-organization', null, 314);
    await expect(plan('plan-both', noura, 314)).rejects.toThrow(/purchased_plans_one_owner/);
    await expect(plan('plan-neither', null, null)).rejects.toThrow(/purchased_plans_one_owner/);
  });

  it('seeds the declared world: providers, organizations, people by role, volume and canaries', async () => {
    const pool = await freshDatabase();
    await migrate(pool);
    expect(await seedDemoData(pool, NOW)).toEqual(WORLD_STEPS);
    // Every change request says what it asks for.
    expect(
      Number(
        (
          await pool.query(
            `SELECT count(*) AS n FROM user_requests WHERE kind = 'change' AND NOT details ? 'value'`,
          )
        ).rows[0].n,
      ),
    ).toBe(0);
    const one = async (sql: string) => (await pool.query(sql)).rows[0] as Record<string, number>;

    expect(
      await one(
        `SELECT count(*) FILTER (WHERE level = 'L1') AS l1, count(*) FILTER (WHERE level = 'L2') AS l2,
                count(*) FILTER (WHERE level = 'L2' AND status = 'active') AS active_l2 FROM service_providers`,
      ),
    ).toEqual({ l1: 3, l2: 13, active_l2: 9 });
    // Every declared organization, with the domain's query id.
    const organizations = (
      await pool.query<{
        org_slno: number;
        organization_type: number;
        sip_slno: number;
        query_id: number;
      }>(
        'SELECT org_slno, organization_type, sip_slno, query_id FROM organizations ORDER BY org_slno',
      )
    ).rows;
    // The declared organizations, and those of the L2 providers applying.
    expect(organizations.map((row) => row.org_slno)).toEqual(
      [
        ...ORGANIZATIONS.map((organization) => organization.slno),
        ...L2_APPLICANTS.map((applicant) => applicant.org),
      ].sort((a, b) => a - b),
    );
    expect(
      (
        await pool.query(
          `SELECT r.status, p.status AS provider, m.status AS admin
             FROM l2_requests r JOIN service_providers p ON p.sip_slno = r.l2_sip_slno
             JOIN memberships m ON m.org_slno = r.l2_org_slno
            WHERE r.l2_sip_slno = ANY ($1) ORDER BY r.l2_sip_slno`,
          [L2_APPLICANTS.map((applicant) => applicant.sip)],
        )
      ).rows,
    ).toEqual(
      L2_APPLICANTS.map((applicant) =>
        applicant.status === 'Pending'
          ? { status: 'Pending', provider: 'pending', admin: 'Pending' }
          : { status: 'Rejected', provider: 'rejected', admin: 'Rejected' },
      ),
    );
    // A provider's balances are its ledger's, and every allocation line adds up.
    expect(
      (
        await pool.query(
          `SELECT c.sip_slno, c.counter FROM provider_counters c
            WHERE c.total <> (SELECT coalesce(sum(CASE WHEN e.kind = 'allocationOut' THEN -e.quantity ELSE e.quantity END), 0)
                                FROM counter_entries e WHERE e.sip_slno = c.sip_slno AND e.counter = c.counter)`,
        )
      ).rows,
    ).toEqual([]);
    expect(
      await one(
        `SELECT count(*) FILTER (WHERE l.l1_after <> l.l1_before - l.quantity) AS wrong, count(*) AS lines
           FROM provider_allocation_lines l`,
      ),
    ).toEqual({ wrong: 0, lines: 18 });
    for (const row of organizations)
      expect(row.query_id).toBe(
        queryIdOf({
          organizationType: row.organization_type,
          slno: row.org_slno,
          sipSlNo: row.sip_slno,
        }),
      );
    // Two organizations of other types share one provider's query id.
    expect(await one(`SELECT count(*) AS n FROM organizations WHERE query_id = 500`)).toEqual({
      n: 2,
    });
    // Each organization has an Enrolment Admin, an Authorized Signatory and an Organization User.
    const roles = await pool.query(
      `SELECT o.org_slno FROM organizations o
        WHERE o.sip_slno IN (SELECT sip_slno FROM service_providers WHERE status = 'active') AND (NOT EXISTS (SELECT 1 FROM memberships m WHERE m.org_slno = o.org_slno AND m.status = 'Approved' AND 'enrolmentAdmin' = ANY (m.roles))
           OR NOT EXISTS (SELECT 1 FROM memberships m WHERE m.org_slno = o.org_slno AND m.status = 'Approved' AND 'authorizedSignatory' = ANY (m.roles))
           OR NOT EXISTS (SELECT 1 FROM memberships m WHERE m.org_slno = o.org_slno AND m.status = 'Approved' AND 'organizationUser' = ANY (m.roles)))`,
    );
    expect(roles.rows).toEqual([]);
    // One person is a member of two organizations with different roles.
    expect(
      (
        await pool.query(
          `SELECT m.org_slno, m.roles FROM memberships m JOIN users u USING (user_slno) WHERE u.username = 'reem' ORDER BY 1`,
        )
      ).rows,
    ).toEqual([
      { org_slno: 314, roles: ['authorizedSignatory'] },
      { org_slno: 320, roles: ['organizationUser'] },
    ]);
    // Volume for paging and exports.
    expect(
      (await one(`SELECT count(*) AS n FROM memberships WHERE org_slno = 314`)).n,
    ).toBeGreaterThanOrEqual(1000);
    expect(
      (await one(`SELECT count(*) AS n FROM esign_transactions WHERE org_slno = 314`)).n,
    ).toBeGreaterThanOrEqual(10000);
    // Every text field of a canary organization carries the marker.
    const canary = (
      await pool.query(
        `SELECT name_en, name_ar, dba_name, dba_name_ar, cr_number, unified_org_no, email, telephone, address, city, region, postal_code, remarks
           FROM organizations WHERE org_slno = 390`,
      )
    ).rows[0] as Record<string, string>;
    for (const [field, value] of Object.entries(canary))
      expect(value.toUpperCase(), field).toContain(CANARY_MARKER);
    // Everyone `npm start` lists can sign in with the demo password.
    const listed = await pool.query(
      `SELECT count(*) AS n FROM users WHERE username = ANY ($1) AND password_hash IS NOT NULL`,
      [[...WORLD_PEOPLE, ...PROVIDER_STAFF_PEOPLE].map((person) => person.username)],
    );
    expect(Number(listed.rows[0].n)).toBe(WORLD_PEOPLE.length + PROVIDER_STAFF_PEOPLE.length);
    // Every provider has its own staff, an admin at least (issue 36); 314's admins are not on any.
    const staffed = await pool.query<{ sip_slno: number }>(
      `SELECT p.sip_slno FROM service_providers p
        WHERE p.sip_slno = ANY ($1) AND NOT EXISTS (
          SELECT 1 FROM provider_staff s WHERE s.sip_slno = p.sip_slno AND 'providerAdmin' = ANY (s.roles))`,
      [PROVIDERS.map((provider) => provider.slno)],
    );
    expect(staffed.rows).toEqual([]);
    const customersOnStaff = await pool.query(
      `SELECT 1 FROM provider_staff s JOIN users u USING (user_slno) WHERE u.username IN ('sara', 'majed')`,
    );
    expect(customersOnStaff.rowCount).toBe(0);
  });
});

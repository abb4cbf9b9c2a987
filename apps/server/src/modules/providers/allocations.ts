/**
 * What an L1 provider hands its L2 providers (SPEC §1 "allocates stock and role counters
 * to L2 providers"; migration 019): eSign stock and role counters, out of its own, through the
 * counters ledger. An allocation is one transaction: for each counter, the L1's balance is
 * debited by one conditional update (never below zero, however many allocations run at once),
 * the L2's is credited, and the line records what the L1 had before and after. Too much for any
 * one counter refuses the whole allocation, saying what is left, and changes nothing.
 *
 * The reports read these lines: the stock report one row per allocation (SPEC §3 "L2 stock
 * allocation"), the role counter list one row per L2 provider — what it was given in all and what
 * it still holds (SPEC §3 "L2 role counter allocation"; our reading of "allocated and remaining").
 */
import { l2RoleCounterAllocationsGrid, l2StockAllocationGrid } from '@tawqi/api/grids';
import { formatNumber, type Language } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { riyadhDays, searchText, whereOf, type Condition } from '../../db/paging.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import type { AuditContext } from '../audit/log.js';
import { providerOf, type TenantContext } from '../access/tenancy.js';
import { post, remainingOf, type Counter } from '../counters/ledger.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { inLanguage, localWord } from '../words.js';
import { decision } from './decisions.js';

/** A counter in words: eSign stock, or a role's counters. */
function counterWords(counter: Counter, language: Language): string {
  if (counter === 'esign')
    return language === 'ar' ? 'عدادات التوقيع الإلكتروني' : 'eSign counters';
  return language === 'ar'
    ? `عدادات دور ${localWord(counter, 'ar')}`
    : `${localWord(counter, 'en')} counters`;
}

function notEnough(counter: Counter, left: number): Record<Language, string> {
  return {
    en: `Only ${formatNumber(left, 'en')} ${counterWords(counter, 'en')} are left to allocate. Nothing was allocated.`,
    ar: `المتبقي للتخصيص من ${counterWords(counter, 'ar')} ${formatNumber(left, 'ar')} فقط. لم يُخصَّص شيء.`,
  };
}

const NOT_ACTIVE: Record<Language, string> = {
  en: 'This L2 provider is not approved, so nothing can be allocated to it yet.',
  ar: 'مزوّد المستوى الثاني هذا غير معتمد، فلا يمكن التخصيص له بعد.',
};

export interface Allocation {
  l1: number;
  l2: number;
  kind: 'stock' | 'roles';
  lines: readonly { counter: Counter; quantity: number }[];
  by: number | null;
  at: Date;
}

/**
 * Makes one allocation in the caller's transaction and answers its number. Refuses (409, with
 * what is left) when the L1 lacks any one counter, and (409) an L2 provider not yet approved.
 * The counters are debited in one order, so two allocations never wait for each other in turn.
 */
/**
 * One of the L1's L2 providers, approved: else refused — another's is not found (404), one not
 * approved (pending or refused) a conflict (409) in the caller's words of what cannot be done.
 */
export async function activeL2(
  db: Queryable,
  l1: number,
  l2: number,
  refusal: Record<Language, string>,
): Promise<{ en: string }> {
  const { rows } = await db.query<{ status: string; en: string }>(
    `SELECT status, name_en AS en FROM service_providers
      WHERE sip_slno = $1 AND parent_sip_slno = $2 AND level = 'L2'`,
    [l2, l1],
  );
  const [provider] = rows;
  if (!provider) throw new AppError(404, 'NOT_FOUND');
  if (provider.status !== 'active') throw new AppError(409, 'CONFLICT', { localized: refusal });
  return provider;
}

/**
 * Refuses now, as `allocate` would, an allocation that could not be made: to an L2 provider not
 * approved, or of more than the L1 holds. A proposal waiting for a second staff member is checked
 * with it; `allocate` itself checks again as it posts, when it is confirmed.
 */
export async function refuseImpossible(tx: Queryable, allocation: Allocation): Promise<void> {
  await activeL2(tx, allocation.l1, allocation.l2, NOT_ACTIVE);
  for (const { counter, quantity } of allocation.lines) {
    const left = await remainingOf(tx, { sipSlno: allocation.l1 }, counter);
    if (quantity > left)
      throw new AppError(409, 'CONFLICT', { localized: notEnough(counter, left) });
  }
}

export async function allocate(tx: Queryable, allocation: Allocation): Promise<number> {
  const l2 = await activeL2(tx, allocation.l1, allocation.l2, NOT_ACTIVE);
  const { rows } = await tx.query<{ allocation_slno: number }>(
    `INSERT INTO provider_allocations (l1_sip_slno, l2_sip_slno, kind, created_at, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING allocation_slno`,
    [allocation.l1, allocation.l2, allocation.kind, allocation.at, allocation.by],
  );
  const slno = rows[0]?.allocation_slno;
  if (slno === undefined) throw new Error('the allocation was not stored');
  const reference = `allocation:${String(slno)}`;
  const lines = allocation.lines
    .filter((line) => line.quantity > 0)
    .sort((a, b) => a.counter.localeCompare(b.counter));
  for (const { counter, quantity } of lines) {
    const entry = { counter, quantity, reference, by: allocation.by, at: allocation.at };
    const out = await post(tx, {
      ...entry,
      sipSlno: allocation.l1,
      kind: 'allocationOut',
      reason: `Allocated to ${l2.en}`,
    });
    if (out !== 'applied')
      throw new AppError(409, 'CONFLICT', {
        localized: notEnough(counter, await remainingOf(tx, { sipSlno: allocation.l1 }, counter)),
      });
    const after = await remainingOf(tx, { sipSlno: allocation.l1 }, counter);
    await post(tx, {
      ...entry,
      sipSlno: allocation.l2,
      kind: 'allocationIn',
      reason: 'Allocated by the L1 provider',
    });
    await tx.query(
      `INSERT INTO provider_allocation_lines (allocation_slno, counter, quantity, l1_before, l1_after)
       VALUES ($1, $2, $3, $4, $5)`,
      [slno, counter, quantity, after + quantity, after],
    );
  }
  return slno;
}

/** An allocation a person made, audited in its transaction. */
async function allocateAudited(
  tx: Queryable,
  deps: Pick<Deps, 'audit'>,
  audit: AuditContext,
  allocation: Allocation,
): Promise<void> {
  const slno = await allocate(tx, allocation);
  await deps.audit.record(tx, audit, {
    action: 'allocation.made',
    outcome: 'success',
    target: `allocation:${String(slno)}`,
    detail: {
      kind: allocation.kind,
      l1: allocation.l1,
      l2: allocation.l2,
      ...Object.fromEntries(allocation.lines.map((line) => [line.counter, line.quantity])),
    },
  });
}

// ── The stock report: one row per allocation of eSign stock ─────────────────────────────────

interface StockRow {
  allocation_slno: number;
  created_at: Date;
  quantity: number;
  l1_before: number;
  l1_after: number;
  l1_en: string;
  l1_ar: string;
  l2_en: string;
  l2_ar: string;
}

const PROVIDERS = `JOIN service_providers p1 ON p1.sip_slno = a.l1_sip_slno
  JOIN service_providers p2 ON p2.sip_slno = a.l2_sip_slno`;
const STOCK_FROM = `FROM provider_allocations a
  JOIN provider_allocation_lines l ON l.allocation_slno = a.allocation_slno AND l.counter = 'esign'
  ${PROVIDERS}`;

/** The day of an allocation in Riyadh, and text in the L2 provider's names or id. */
function allocationFilter(madeAt: string, body: FilterFields): Condition[] {
  const search = searchText(body.search);
  return [
    ...riyadhDays(madeAt, body),
    search && [
      `p2.name_en ILIKE '%' || $1 || '%' OR p2.name_ar LIKE '%' || $1 || '%' OR p2.sip_id ILIKE '%' || $1 || '%'`,
      search,
    ],
  ];
}

interface FilterFields {
  fromDate?: string | null | undefined;
  toDate?: string | null | undefined;
  search?: string | undefined;
}

export const STOCK_ALLOCATIONS: GridQuery<typeof l2StockAllocationGrid, StockRow> = {
  select: `SELECT a.allocation_slno, a.created_at, l.quantity, l.l1_before, l.l1_after,
                  p1.name_en AS l1_en, p1.name_ar AS l1_ar, p2.name_en AS l2_en, p2.name_ar AS l2_ar
             ${STOCK_FROM}`,
  count: `SELECT count(*) ${STOCK_FROM}`,
  where: (body, { tenant }) =>
    whereOf(['a.l1_sip_slno = $1', providerOf(tenant)], ...allocationFilter('a.created_at', body)),
  order: [
    { column: 'a.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'a.allocation_slno', type: 'int', of: (row) => row.allocation_slno },
  ],
  row: (row, language) => ({
    slNo: row.allocation_slno,
    l1SipName: inLanguage(row.l1_en, row.l1_ar, language),
    l2SipName: inLanguage(row.l2_en, row.l2_ar, language),
    l1SipAvailableCounter: row.l1_before,
    l2SipAllocatedCounter: row.quantity,
    l1SipRemainingCounter: row.l1_after,
    allocatedDate: row.created_at.toISOString(),
  }),
};

// ── The role counter list: one row per L2 provider given role counters ─────────────────────

interface RoleRow {
  latest: number;
  latest_at: Date;
  l1: number;
  l2: number;
  l1_en: string;
  l1_ar: string;
  l2_en: string;
  l2_ar: string;
  ou: number;
  ea: number;
  sig: number;
  ou_left: number;
  ea_left: number;
  sig_left: number;
}

const given = (counter: string) =>
  `coalesce(sum(l.quantity) FILTER (WHERE l.counter = '${counter}'), 0)::int`;
const held = (counter: string) =>
  `coalesce(sum(c.total - c.utilized) FILTER (WHERE c.counter = '${counter}'), 0)::int`;

// What each L2 provider was given by its L1, in all, and when last; `a` is that last allocation,
// so the filter's days and the order read it.
const ROLE_FROM = `FROM (SELECT a.l1_sip_slno, a.l2_sip_slno, max(a.allocation_slno) AS latest,
                                max(a.created_at) AS latest_at, ${given('organizationUser')} AS ou,
                                ${given('enrolmentAdmin')} AS ea, ${given('authorizedSignatory')} AS sig
                           FROM provider_allocations a
                           JOIN provider_allocation_lines l ON l.allocation_slno = a.allocation_slno
                          WHERE a.kind = 'roles'
                          GROUP BY a.l1_sip_slno, a.l2_sip_slno) a
  ${PROVIDERS}`;

export const ROLE_ALLOCATIONS: GridQuery<typeof l2RoleCounterAllocationsGrid, RoleRow> = {
  select: `SELECT a.latest, a.latest_at, a.l1_sip_slno AS l1, a.l2_sip_slno AS l2, a.ou, a.ea, a.sig,
                  p1.name_en AS l1_en, p1.name_ar AS l1_ar, p2.name_en AS l2_en, p2.name_ar AS l2_ar,
                  left_.ou_left, left_.ea_left, left_.sig_left
             ${ROLE_FROM}
             CROSS JOIN LATERAL (
               SELECT ${held('organizationUser')} AS ou_left, ${held('enrolmentAdmin')} AS ea_left,
                      ${held('authorizedSignatory')} AS sig_left
                 FROM provider_counters c WHERE c.sip_slno = a.l2_sip_slno) AS left_`,
  count: `SELECT count(*) ${ROLE_FROM}`,
  where: (body, { tenant }) =>
    whereOf(
      ['a.l1_sip_slno = $1', providerOf(tenant)],
      ...allocationFilter('a.latest_at', body),
      body.l2SipId && ['a.l2_sip_slno = $1::int', body.l2SipId],
    ),
  order: [
    { column: 'a.latest_at', type: 'timestamptz', of: (row) => row.latest_at },
    { column: 'a.latest', type: 'int', of: (row) => row.latest },
  ],
  row: (row, language) => ({
    slNo: row.latest,
    l1SipId: row.l1,
    l1SipName: inLanguage(row.l1_en, row.l1_ar, language),
    l2SipId: row.l2,
    l2SipName: inLanguage(row.l2_en, row.l2_ar, language),
    allocatedOrganizationUserCounters: row.ou,
    remainingOrganizationUserCounters: row.ou_left,
    allocatedEnrollmentAdminCounters: row.ea,
    remainingEnrollmentAdminCounters: row.ea_left,
    allocatedAuthorisedSignatoryCounters: row.sig,
    remainingAuthorisedSignatoryCounters: row.sig_left,
  }),
};

/** What a provider holds of each counter, in one read (0 for a counter it never had). */
async function heldBy(db: Queryable, sip: number): Promise<Record<Counter, number>> {
  const { rows } = await db.query<{ counter: Counter; remaining: number }>(
    'SELECT counter, total - utilized AS remaining FROM provider_counters WHERE sip_slno = $1',
    [sip],
  );
  const of = (counter: Counter) => rows.find((row) => row.counter === counter)?.remaining ?? 0;
  return {
    esign: of('esign'),
    enrolmentAdmin: of('enrolmentAdmin'),
    authorizedSignatory: of('authorizedSignatory'),
    organizationUser: of('organizationUser'),
  };
}

/** What the L1 provider still has to allocate: its eSign stock and, per role, its counters. */
async function l1Remaining(db: Queryable, l1: number) {
  const held = await heldBy(db, l1);
  return {
    remainingEsignCounters: held.esign,
    remainingOrganizationUserCounters: held.organizationUser,
    remainingEnrollmentAdminCounters: held.enrolmentAdmin,
    remainingAuthorisedSignatoryCounters: held.authorizedSignatory,
  };
}

/**
 * A provider's home: an L1's stock left, what it allocated
 * to its L2 providers, and the applications waiting for it; an L2's stock and what it received
 * from its L1. Every figure is the ledger's.
 */
export async function providerSummary(
  db: Queryable,
  tenant: TenantContext | null,
  language: Language,
) {
  const sip = providerOf(tenant);
  const { rows } = await db.query<{
    level: 'L1' | 'L2';
    en: string;
    ar: string;
    parent_en: string | null;
    parent_ar: string | null;
    allocated: number;
    pending: number;
  }>(
    `SELECT p.level, p.name_en AS en, p.name_ar AS ar, parent.name_en AS parent_en, parent.name_ar AS parent_ar,
            (SELECT coalesce(sum(e.quantity), 0)::int FROM counter_entries e
              WHERE e.sip_slno = p.sip_slno AND e.counter = 'esign'
                AND e.kind = CASE p.level WHEN 'L1' THEN 'allocationOut' ELSE 'allocationIn' END) AS allocated,
            (SELECT count(*)::int FROM l2_requests r
              WHERE r.l1_sip_slno = p.sip_slno AND r.status = 'Pending') AS pending
       FROM service_providers p LEFT JOIN service_providers parent ON parent.sip_slno = p.parent_sip_slno
      WHERE p.sip_slno = $1`,
    [sip],
  );
  const row = rows[0];
  if (!row) throw new Error('the tenant provider is missing');
  const held = await heldBy(db, sip);
  return {
    level: row.level,
    name: inLanguage(row.en, row.ar, language),
    held,
    esignAllocated: row.allocated,
    pendingL2Requests: row.pending,
    parentName:
      row.parent_en === null ? null : inLanguage(row.parent_en, row.parent_ar ?? '', language),
  };
}

export function allocationHandlers(
  deps: Pick<Deps, 'pool' | 'exports' | 'gridExports' | 'audit' | 'clock' | 'config'>,
): Handlers {
  const { pool } = deps;
  return {
    ...gridHandlers(deps, l2StockAllocationGrid, STOCK_ALLOCATIONS),
    ...gridHandlers(deps, l2RoleCounterAllocationsGrid, ROLE_ALLOCATIONS),

    providerDashboard: ({ tenant, language }) => providerSummary(pool, tenant, language),
    l1RemainingCounters: ({ tenant }) => l1Remaining(pool, providerOf(tenant)),

    allocateL2Stock: async ({ tenant, caller, input, audit }) => {
      const l1 = providerOf(tenant);
      const { l2SipId, counters } = input.body;
      const me = requireCaller(caller).userSlno;
      const done = await inTransaction(pool, async (tx) => {
        const deciding = await decision(tx, deps, audit, me, { providers: [l2SipId] });
        const effect = await deciding.takesEffect({
          provider: l1,
          subject: `l2Stock:${String(l2SipId)}`,
          decision: { counters },
          receiver: `provider:${String(l2SipId)}`,
          amount: counters,
          unit: 'counters',
          threshold: deps.config.FOUR_EYES_COUNTERS,
          at: deps.clock(),
        });
        const allocation: Allocation = {
          l1,
          l2: l2SipId,
          kind: 'stock',
          lines: [{ counter: 'esign', quantity: counters }],
          by: me,
          at: deps.clock(),
        };
        await (effect
          ? allocateAudited(tx, deps, audit, allocation)
          : refuseImpossible(tx, allocation));
        return { effect, remaining: await remainingOf(tx, { sipSlno: l1 }, 'esign') };
      });
      return {
        status: '1',
        errorMessage: null,
        awaitingSecondStaff: !done.effect,
        l1SipRemainingCounter: done.remaining,
      };
    },

    allocateL2RoleCounters: async ({ tenant, caller, input, audit }) => {
      const l1 = providerOf(tenant);
      const { body } = input;
      const me = requireCaller(caller).userSlno;
      const lines = [
        { counter: 'organizationUser', quantity: body.organizationUserCounters },
        { counter: 'enrolmentAdmin', quantity: body.enrollmentAdminCounters },
        { counter: 'authorizedSignatory', quantity: body.authorisedSignatoryCounters },
      ] satisfies Allocation['lines'];
      const done = await inTransaction(pool, async (tx) => {
        const deciding = await decision(tx, deps, audit, me, { providers: [body.l2SipId] });
        const effect = await deciding.takesEffect({
          provider: l1,
          subject: `l2Roles:${String(body.l2SipId)}`,
          decision: { lines },
          receiver: `provider:${String(body.l2SipId)}`,
          amount: lines.reduce((sum, line) => sum + line.quantity, 0),
          unit: 'counters',
          threshold: deps.config.FOUR_EYES_COUNTERS,
          at: deps.clock(),
        });
        const allocation: Allocation = {
          l1,
          l2: body.l2SipId,
          kind: 'roles',
          lines,
          by: me,
          at: deps.clock(),
        };
        await (effect
          ? allocateAudited(tx, deps, audit, allocation)
          : refuseImpossible(tx, allocation));
        return { effect, remaining: await l1Remaining(tx, l1) };
      });
      return {
        status: '1',
        errorMessage: null,
        awaitingSecondStaff: !done.effect,
        remaining: done.remaining,
      };
    },
  };
}

/**
 * The organization's reports: the eSign counter deduction summary is the
 * organization's lots of counters (modules/counters/lots.ts), each with what it cost, what was
 * used and what remains, as the ledger holds them. A lot past its validity is expired first, so
 * the active rows add up to the dashboard's eSign counters.
 */
import type { esignDeductionSummaryGrid, roleAllocationHistoryGrid } from '@tawqi/api/grids';
import { COUNTED_ROLES, toSar, type CountedRole, type PlanState } from '@tawqi/domain';
import { days, riyadhDays, searchText, whereOf } from '../../db/paging.js';
import type { Queryable } from '../../db/pool.js';
import type { Deps } from '../../deps.js';
import { lotFiguresSql, lotStateSql, settleExpiredLots } from '../counters/lots.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { organizationOf } from '../access/tenancy.js';

export interface CounterRow {
  counter: string;
  total: number;
  utilized: number;
}

const countsOf = (row: CounterRow | undefined) => ({
  total: row?.total ?? 0,
  utilized: row?.utilized ?? 0,
  remaining: (row?.total ?? 0) - (row?.utilized ?? 0),
});

/** Each counted role's seats, as the dashboard and the role counter report show them. */
export function roleCountsOf(rows: readonly CounterRow[]) {
  return Object.fromEntries(
    COUNTED_ROLES.map((role) => [role, countsOf(rows.find((row) => row.counter === role))]),
  ) as Record<CountedRole, ReturnType<typeof countsOf>>;
}

/** The organization's role seats as the ledger holds them (the role counter report's summary). */
export async function roleSeatsOf(db: Queryable, orgSlno: number) {
  const { rows } = await db.query<CounterRow>(
    `SELECT counter, total, utilized FROM organization_counters WHERE org_slno = $1 AND counter <> 'esign'`,
    [orgSlno],
  );
  return roleCountsOf(rows);
}

interface LotRow {
  purchased_plan_slno: number;
  plan_unique_id: string;
  plan_en: string;
  plan_ar: string;
  product_name: string;
  valid_from: string;
  valid_to: string;
  transactions: number;
  utilized: number;
  remaining: number;
  expired: number;
  price: string | null;
  tax: string | null;
  total: string | null;
  state: PlanState;
  created_at: Date;
}

const LOT_STATE = lotStateSql('$2');
const LOT_FIGURES = lotFiguresSql('$2');

/** What the exports' process needs of the lots' query (gridExports.ts): no deps. */
export const ESIGN_DEDUCTION_ROWS = {
  // A lot is one line of an order (migration 015): its name and amounts are the line's.
  select: `SELECT p.purchased_plan_slno, p.plan_unique_id, coalesce(l.name_en, e.plan_name) AS plan_en,
                    coalesce(l.name_ar, e.plan_name_ar) AS plan_ar,
                    coalesce(e.product_name, 'eSign') AS product_name, p.valid_from::text, p.valid_to::text, p.transactions, p.utilized,
                    ${LOT_FIGURES.remaining} AS remaining, ${LOT_FIGURES.expired} AS expired,
                    l.price_halalas AS price, l.tax_halalas AS tax, l.total_halalas AS total,
                    ${LOT_STATE} AS state, p.created_at
               FROM purchased_plans p
               LEFT JOIN esign_plans e ON e.product_pricing_details_slno = p.product_pricing_details_slno
               LEFT JOIN order_lines l ON l.order_slno = p.order_slno AND l.line_no = p.order_line_no`,
  count: `SELECT count(*) FROM purchased_plans p
              LEFT JOIN esign_plans e ON e.product_pricing_details_slno = p.product_pricing_details_slno`,
  order: [
    { column: 'p.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'p.purchased_plan_slno', type: 'int', of: (row) => row.purchased_plan_slno },
  ],
  row: (row, language) => ({
    planUniqueId: row.plan_unique_id,
    planName: language === 'ar' ? row.plan_ar : row.plan_en,
    activeDate: row.valid_from,
    expiryDate: row.valid_to,
    planType: localWord(row.product_name, language),
    // A lot without an order line (none: every purchase has one) would cost nothing.
    salesPrice: toSar(Number(row.price ?? 0)),
    vat: toSar(Number(row.tax ?? 0)),
    totalPrice: toSar(Number(row.total ?? 0)),
    status: row.state,
    totalCounters: row.transactions,
    utilizedCounters: row.utilized,
    remainingCounters: row.remaining,
    expiredCounters: row.expired,
  }),
} satisfies Pick<
  GridQuery<typeof esignDeductionSummaryGrid, LotRow>,
  'select' | 'count' | 'order' | 'row'
>;

export function esignDeductions(
  deps: Pick<Deps, 'pool' | 'clock'>,
): GridQuery<typeof esignDeductionSummaryGrid, LotRow> {
  return {
    ...ESIGN_DEDUCTION_ROWS,
    where: (body, { tenant }) => {
      const search = searchText(body.search);
      // One moment for the state the rows show and the state the filter picks.
      const now = deps.clock();
      return whereOf(
        // $2 is that moment (the select's state reads it); typed here, so that a statement with
        // no state in its filter still knows it.
        ['p.org_slno = $1 AND $2::timestamptz IS NOT NULL', organizationOf(tenant), now],
        body.statuses?.length && [`${lotStateSql('$2')} = ANY($1::text[])`, body.statuses, now],
        ...days('p.valid_from', body),
        search && [
          `e.plan_name ILIKE '%' || $1 || '%' OR e.plan_name_ar LIKE '%' || $1 || '%'
             OR p.plan_unique_id ILIKE '%' || $1 || '%'
             OR EXISTS (SELECT 1 FROM order_lines n WHERE n.order_slno = p.order_slno AND n.line_no = p.order_line_no
                          AND (n.name_en ILIKE '%' || $1 || '%' OR n.name_ar LIKE '%' || $1 || '%'))`,
          search,
        ],
      );
    },
    before: ({ tenant }) => settleExpiredLots(deps.pool, organizationOf(tenant), deps.clock()),
  };
}

interface SeatEntryRow {
  entry_slno: string;
  counter: string;
  kind: string;
  quantity: number;
  reason: string;
  created_at: Date;
  riyadh_date: string;
  riyadh_time: string;
  price: number | null;
  unit_price: number | null;
  pax_size: number | null;
  name_en: string | null;
  name_ar: string | null;
}

/** Credit entries of role seats: what the allocation history lists. */
const SEAT_CREDITS = `e.counter IN (${COUNTED_ROLES.map((role) => `'${role}'`).join(', ')})
  AND e.kind IN ('opening', 'purchase', 'allocationIn')`;

/**
 * The role counter report's allocation history: the packs of seats the organization received,
 * one per ledger credit of a role, with its day and time in Riyadh. A bought pack has the prices
 * of its order line (the entry's reference names it, modules/counters/orders.ts); seats that were
 * not bought (opening balances, a provider's allocation) have none.
 */
export const ROLE_ALLOCATIONS: GridQuery<typeof roleAllocationHistoryGrid, SeatEntryRow> = {
  select: `SELECT e.entry_slno, e.counter, e.kind, e.quantity, e.reason, e.created_at,
                  (e.created_at AT TIME ZONE 'Asia/Riyadh')::date::text AS riyadh_date,
                  to_char(e.created_at AT TIME ZONE 'Asia/Riyadh', 'HH24:MI') AS riyadh_time,
                  l.price_halalas AS price, l.unit_price_halalas AS unit_price, l.pax_size, l.name_en, l.name_ar
             FROM counter_entries e
             LEFT JOIN orders o ON e.kind = 'purchase' AND e.reference LIKE 'order:%'
                  AND o.encoded_id = split_part(e.reference, ':', 2)
             LEFT JOIN order_lines l ON l.order_slno = o.order_slno
                  AND l.line_no = nullif(split_part(e.reference, ':', 3), '')::int`,
  count: 'SELECT count(*) FROM counter_entries e',
  where: (body, { tenant }) => {
    const search = searchText(body.search);
    return whereOf(
      [`e.org_slno = $1 AND ${SEAT_CREDITS}`, organizationOf(tenant)],
      ...riyadhDays('e.created_at', body),
      search && [`e.reason ILIKE '%' || $1 || '%' OR ('RC-' || e.entry_slno) = upper($1)`, search],
    );
  },
  order: [
    { column: 'e.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'e.entry_slno', type: 'bigint', of: (row) => row.entry_slno },
  ],
  row: (row, language) => ({
    createdDate: row.riyadh_date,
    createdTime: row.riyadh_time,
    paxUniqueId: `RC-${row.entry_slno}`,
    // A bought pack is named as it was sold, in both languages; other credits by their reason.
    paxDescription:
      (language === 'ar' ? row.name_ar : row.name_en) ?? localWord(row.reason, language),
    userType: localWord(row.counter, language),
    paxType: localWord(row.kind, language),
    salesPrice: row.price === null ? null : toSar(row.price),
    paxSize: row.quantity,
    // What one seat of the pack cost.
    baseprice:
      row.unit_price === null || !row.pax_size
        ? null
        : toSar(Math.round(row.unit_price / row.pax_size)),
  }),
  // The file's first sheet: each role's seats as the report's cards show them, adding up
  // (remaining = total − utilized); the seats received follow on the next sheet.
  summary: async (db, { tenant }, language) => {
    const seats = await roleSeatsOf(db, organizationOf(tenant));
    return {
      sheetName: { en: 'Role seats', ar: 'مقاعد الأدوار' },
      columns: [
        { header: { en: 'Role', ar: 'الدور' }, width: 26 },
        { header: { en: 'Total', ar: 'الإجمالي' }, width: 14 },
        { header: { en: 'Utilized', ar: 'المستخدم' }, width: 14 },
        { header: { en: 'Remaining', ar: 'المتبقي' }, width: 14 },
      ],
      rows: COUNTED_ROLES.map((role) => [
        localWord(role, language),
        seats[role].total,
        seats[role].utilized,
        seats[role].remaining,
      ]),
    };
  },
};

/**
 * The organization's reports (issue 15): the eSign counter deduction summary is the
 * organization's lots of counters (modules/counters/lots.ts), each with what it cost, what was
 * used and what remains, as the ledger holds them. A lot past its validity is expired first, so
 * the active rows add up to the dashboard's eSign counters.
 */
import type { esignDeductionSummaryGrid } from '@tawqi/api/grids';
import { toSar, type PlanState } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { lotStateSql, settleExpiredLots } from '../counters/lots.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { organizationOf } from './transactions.js';

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
  price: string | null;
  tax: string | null;
  total: string | null;
  state: PlanState;
  created_at: Date;
}

export function esignDeductions(
  deps: Pick<Deps, 'pool' | 'clock'>,
): GridQuery<typeof esignDeductionSummaryGrid, LotRow> {
  const state = lotStateSql('$2');
  return {
    select: `SELECT p.purchased_plan_slno, p.plan_unique_id, e.plan_name AS plan_en, e.plan_name_ar AS plan_ar,
                    e.product_name, p.valid_from::text, p.valid_to::text, p.transactions, p.utilized,
                    o.price_halalas AS price, o.tax_halalas AS tax, o.total_halalas AS total,
                    ${state} AS state, p.created_at
               FROM purchased_plans p
               JOIN esign_plans e ON e.product_pricing_details_slno = p.product_pricing_details_slno
               LEFT JOIN orders o ON o.order_slno = p.order_slno`,
    count: `SELECT count(*) FROM purchased_plans p
              JOIN esign_plans e ON e.product_pricing_details_slno = p.product_pricing_details_slno`,
    where: (body, { tenant }) => ({
      where: `p.org_slno = $1
        AND ($3::text[] IS NULL OR ${state} = ANY($3::text[]))
        AND ($4::date IS NULL OR p.valid_from >= $4::date)
        AND ($5::date IS NULL OR p.valid_from <= $5::date)
        AND ($6::text = '' OR e.plan_name ILIKE '%' || $6 || '%' OR e.plan_name_ar LIKE '%' || $6 || '%'
             OR p.plan_unique_id ILIKE '%' || $6 || '%')`,
      values: [
        organizationOf(tenant),
        deps.clock(),
        body.statuses?.length ? body.statuses : null,
        body.fromDate ?? null,
        body.toDate ?? null,
        (body.search ?? '').trim(),
      ],
    }),
    order: [
      { column: 'p.created_at', type: 'timestamptz', of: (row) => row.created_at },
      { column: 'p.purchased_plan_slno', type: 'int', of: (row) => row.purchased_plan_slno },
    ],
    page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
    row: (row, language) => ({
      planUniqueId: row.plan_unique_id,
      planName: language === 'ar' ? row.plan_ar : row.plan_en,
      activeDate: row.valid_from,
      expiryDate: row.valid_to,
      planType: localWord(row.product_name, language),
      // A lot without an order (none yet: every purchase has one) would cost nothing.
      salesPrice: toSar(Number(row.price ?? 0)),
      vat: toSar(Number(row.tax ?? 0)),
      totalPrice: toSar(Number(row.total ?? 0)),
      status: row.state,
      totalCounters: row.transactions,
      utilizedCounters: row.utilized,
      remainingCounters: row.transactions - row.utilized,
    }),
    before: ({ tenant }) => settleExpiredLots(deps.pool, organizationOf(tenant), deps.clock()),
  };
}

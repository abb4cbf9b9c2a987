/**
 * An organization's eSign counters are held in lots ("eSign counter deduction
 * summary"): each purchase is a purchased plan of the organization (migration 007) with its
 * counters, what was used of them and its validity; the ledger's entries name the lot they
 * concern, so the report per plan and the balance are the same figures. A lot past its validity
 * gives up what is left of it once, as an expiry entry (modules/counters/lots.ts).
 */
export const name = '014_esign_lots';

export const sql = /* sql */ `
ALTER TABLE counter_entries
  ADD COLUMN purchased_plan_slno integer REFERENCES purchased_plans (purchased_plan_slno);
CREATE INDEX counter_entries_plan ON counter_entries (purchased_plan_slno)
  WHERE purchased_plan_slno IS NOT NULL;
CREATE INDEX purchased_plans_org_validity ON purchased_plans (org_slno, valid_to)
  WHERE org_slno IS NOT NULL;
`;

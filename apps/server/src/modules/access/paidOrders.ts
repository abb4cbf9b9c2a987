/**
 * Whose a paid order is: one rule for the invoices' queries (payments/invoices.ts) and for the tenant check
 * of an invoice named in a call (tenancy.ts). An application's registration fee belongs to
 * the organization the application became.
 */

/** Whose orders a caller reads. */
export type InvoiceOwner =
  | { kind: 'person'; userSlno: number }
  | { kind: 'organization'; orgSlno: number }
  | { kind: 'provider'; sipSlno: number };

/** The orders joined to who bought them (an application's fee: the organization it became). */
export const PAID_ORDERS = `
  FROM orders o
  LEFT JOIN payments pay ON pay.payment_slno = o.settled_payment_slno
  LEFT JOIN users u ON u.user_slno = o.user_slno
  LEFT JOIN organizations org ON org.org_slno = o.org_slno
  LEFT JOIN service_providers sp ON sp.sip_slno = o.sip_slno
  LEFT JOIN applications a ON a.application_slno = o.application_slno
  LEFT JOIN l2_requests lr ON lr.request_slno = a.l2_request_slno
  LEFT JOIN organizations applicant ON applicant.org_slno = lr.l2_org_slno
 WHERE o.fulfilled_at IS NOT NULL`;

/** The owner's condition on PAID_ORDERS, its slno the query's first parameter. */
export const OWNED_BY: Record<InvoiceOwner['kind'], string> = {
  person: 'o.user_slno = $1',
  organization: '(o.org_slno = $1 OR lr.l2_org_slno = $1)',
  provider: 'o.sip_slno = $1',
};

/** The tenant check's query: the paid order `$2` (its encoded id) is the owner `$1`'s. */
export const paidOrderOwnedBy = (kind: InvoiceOwner['kind']) =>
  `SELECT 1 ${PAID_ORDERS} AND ${OWNED_BY[kind]} AND o.encoded_id = $2`;

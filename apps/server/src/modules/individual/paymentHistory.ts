/**
 * A person's payment history (SPEC §7): one item per order that went to the gateway,
 * its latest attempt's actions, and every attempt inside. Every statement is the caller's own.
 */
import { toSar, type Language, type PaymentStatus } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import { localWord } from '../words.js';
import { validityText } from './plans.js';

interface OrderRow {
  order_slno: number;
  order_encoded: string;
  quantity: number;
  order_paid: boolean;
  price_halalas: number;
  tax_halalas: number;
  total_halalas: number;
  plan_name: string;
  plan_name_ar: string;
  product_name: string;
  validity_months: number;
  product_pricing_details_slno: number;
  encoded_id: string;
  status: PaymentStatus;
  created_at: Date;
}

interface AttemptRow {
  order_slno: number;
  encoded_id: string;
  status: PaymentStatus;
  created_at: Date;
}

export async function paymentHistoryPage(
  db: Queryable,
  input: { userSlno: number; size: number; offset: number; language: Language },
) {
  const { userSlno, language } = input;
  const [orders, total] = await Promise.all([
    db.query<OrderRow>(
      `SELECT o.order_slno, o.encoded_id AS order_encoded, o.quantity, o.price_halalas, o.tax_halalas, o.total_halalas,
              o.settled_payment_slno IS NOT NULL AS order_paid,
              coalesce(e.plan_name, cp.name_en) AS plan_name, coalesce(e.plan_name_ar, cp.name_ar) AS plan_name_ar,
              coalesce(e.product_name, 'DSC') AS product_name,
              coalesce(e.validity_months, cp.validity_months) AS validity_months,
              coalesce(e.product_pricing_details_slno, cp.product_slno) AS product_pricing_details_slno,
              latest.encoded_id, latest.status, latest.created_at
         FROM orders o
         -- A person orders a plan or a certificate (migration 025); the product is one of them.
         LEFT JOIN esign_plans e USING (product_pricing_details_slno)
         LEFT JOIN certificate_products cp ON cp.product_slno = o.certificate_product_slno
         JOIN LATERAL (SELECT encoded_id, status, created_at FROM payments p
                        WHERE p.order_slno = o.order_slno ORDER BY p.payment_slno DESC LIMIT 1) latest ON true
        WHERE o.user_slno = $1 ORDER BY latest.created_at DESC, o.order_slno DESC LIMIT $2 OFFSET $3`,
      [userSlno, input.size, input.offset],
    ),
    db.query<{ count: number }>(
      `SELECT count(*) FROM orders o WHERE o.user_slno = $1
          AND EXISTS (SELECT 1 FROM payments p WHERE p.order_slno = o.order_slno)`,
      [userSlno],
    ),
  ]);
  const attempts = (
    await db.query<AttemptRow>(
      'SELECT order_slno, encoded_id, status, created_at FROM payments WHERE order_slno = ANY($1) ORDER BY payment_slno DESC',
      [orders.rows.map((row) => row.order_slno)],
    )
  ).rows;
  return {
    dataList: orders.rows.map((row) => {
      // A paid order reads as paid whatever became of its other attempts.
      const status: PaymentStatus = row.order_paid ? 'success' : row.status;
      return {
        // "eSign: Starter" / «التوقيع الإلكتروني: الباقة الأساسية».
        productName: `${localWord(row.product_name, language)}: ${language === 'ar' ? row.plan_name_ar : row.plan_name}`,
        // One reference everywhere: the order's (the status page shows it too).
        transactionId: row.order_encoded,
        validity: validityText(row.validity_months, language),
        paymentDate: row.created_at.toISOString(),
        amountWithoutTax: toSar(row.price_halalas),
        tax: toSar(row.tax_halalas),
        amount: toSar(row.total_halalas),
        status,
        statusLabel: localWord(status, language),
        // Actions only where they can work: paying again on an unpaid order whose latest
        // attempt ended or never started; asking again about an attempt still open.
        initiatePayment:
          !row.order_paid &&
          (row.status === 'failure' || row.status === 'initiated' || row.status === 'cancelled'),
        recheckPayment: !row.order_paid && (row.status === 'pending' || row.status === 'initiated'),
        encodedPaymentSlno: row.encoded_id,
        orderDetailsSlno: row.order_slno,
        orderProductSlno: row.order_slno,
        productPricingDetailsSlno: row.product_pricing_details_slno,
        applicationSlno: 1,
        encodedOrderSlno: row.order_encoded,
        quantity: row.quantity,
        attempts: attempts
          .filter((attempt) => attempt.order_slno === row.order_slno)
          .map((attempt) => ({
            encodedPaymentSlno: attempt.encoded_id,
            paymentDate: attempt.created_at.toISOString(),
            status: attempt.status,
            statusLabel: localWord(attempt.status, language),
          })),
        hasReceipt: row.order_paid,
      };
    }),
    totalCount: total.rows[0]?.count ?? 0,
  };
}

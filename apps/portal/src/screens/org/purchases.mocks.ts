/**
 * The rows the purchase stories mock, as the server words them in the request's language: shared
 * by the organization's screens and the provider area's (a stories file exports stories only).
 */
import { fixturesOf } from '@tawqi/api/msw';

/** A special plan request as the server words it in the request's language. */
export const requestIn = (sent: Request) => {
  const { term, say } = fixturesOf(sent);
  return {
    transactionNo: 'SP-000042',
    requestDate: '2026-11-20T09:00:00.000Z',
    paymentMode: term('online'),
    paymentType: term('card'),
    productsInQuantity: 25_000,
    productKeyRequestSlNo: 42,
    price: 50_000,
    vat: 7_500,
    totalPrice: 57_500,
    planName: say({ en: 'eSign counters: 25,000', ar: 'رصيد العمليات: ٢٥٬٠٠٠' }),
    planType: term('Special plan'),
    errorMessage: null,
    errorCode: null,
    responseStatus: null,
  };
};

/** A purchase order as the server words it in the request's language. */
export const orderIn = (sent: Request) => {
  const { term, say } = fixturesOf(sent);
  return {
    transactionNo: 'PO-000031',
    requestDate: '2026-11-20T09:00:00.000Z',
    paymentMode: term('bankTransfer'),
    paymentType: term('eSign counters'),
    productsInQuantity: 2,
    productKeyRequestSlNo: 31,
    price: 3500,
    vat: 525,
    totalPrice: 4025,
    planName: say({ en: '500 eSign counters', ar: '٥٠٠ عملية توقيع' }),
    planType: term('Purchase order'),
    errorMessage: null,
    errorCode: null,
    responseStatus: null,
  };
};

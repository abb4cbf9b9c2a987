/**
 * A paid order's receipt (issue 12): the bilingual simplified tax invoice the server issues
 * (`paymentReceipt`), every label in Arabic and English as Saudi invoices are written, with the
 * seller's VAT number and the ZATCA QR code (drawn from the server's TLV by uqr, a small
 * dependency-free encoder: black on white in every theme, as scanners need). Printable: printing
 * shows the invoice alone. Loaded with the payments tab's first receipt.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Button, Dialog, ErrorState, Spinner } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import { invoice, invoiceFigures, invoiceHead, invoiceTable, qrBox } from './receipt.css.js';

type TaxInvoice = EndpointOutput<typeof CONTRACT.paymentReceipt>;

/** A QR code as SVG squares: no markup from strings, and crisp at any print size. */
function QrCode({ value, label }: { value: string; label: string }) {
  const { data } = encode(value, { ecc: 'M', border: 2 });
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${String(x)} ${String(y)}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      className={qrBox}
      viewBox={`0 0 ${String(data.length)} ${String(data.length)}`}
      role="img"
      aria-label={label}
    >
      <rect width={data.length} height={data.length} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Two texts of one thing, "رقم الفاتورة / Invoice number": the page's language first. */
function Both({ en, ar }: { en: string; ar: string }) {
  const { i18n } = useTranslation();
  const [first, second] = i18n.language === 'ar' ? [ar, en] : [en, ar];
  return (
    <>
      {first}
      <span lang={i18n.language === 'ar' ? 'en' : 'ar'}> / {second}</span>
    </>
  );
}

/** An invoice label in both languages, from the translations (`my:receipt.labels`). */
function Label({ name }: { name: string }) {
  const { t } = useTranslation('my');
  const key = `receipt.labels.${name}`;
  return <Both en={t(key, { lng: 'en' })} ar={t(key, { lng: 'ar' })} />;
}

function InvoiceBody({ data }: { data: TaxInvoice }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  return (
    <article className={invoice} aria-label={t('receipt.title')}>
      <header className={invoiceHead}>
        <div>
          <p>
            <strong>
              <Both en={data.sellerNameEnglish} ar={data.sellerNameArabic} />
            </strong>
          </p>
          <p>
            <Both en={data.sellerAddressEnglish} ar={data.sellerAddressArabic} />
          </p>
          <p>
            <Label name="vatNumber" />: <Verbatim>{data.vatNumber}</Verbatim>
          </p>
          <p>
            <Label name="commercialRegistration" />:{' '}
            <Verbatim>{data.commercialRegistration}</Verbatim>
          </p>
        </div>
        <QrCode value={data.qr} label={t('receipt.qr')} />
      </header>
      <dl className={invoiceFigures}>
        <dt>
          <Label name="invoiceNumber" />
        </dt>
        <dd>
          <Verbatim>{data.invoiceNumber}</Verbatim>
        </dd>
        <dt>
          <Label name="issueDate" />
        </dt>
        <dd>{format.dateTime(data.issuedAt)}</dd>
        <dt>
          <Label name="orderReference" />
        </dt>
        <dd>
          <Verbatim>{data.orderReference}</Verbatim>
        </dd>
        <dt>
          <Label name="customer" />
        </dt>
        <dd>
          <Both en={data.buyerNameEnglish} ar={data.buyerNameArabic} />
        </dd>
      </dl>
      <table className={invoiceTable}>
        <thead>
          <tr>
            <th scope="col">
              <Label name="item" />
            </th>
            <th scope="col">
              <Label name="quantity" />
            </th>
            <th scope="col">
              <Label name="unitPrice" />
            </th>
            <th scope="col">
              <Label name="vat" />
            </th>
            <th scope="col">
              <Label name="totalWithVat" />
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={line.descriptionEnglish}>
              <th scope="row">
                <Both en={line.descriptionEnglish} ar={line.descriptionArabic} />
              </th>
              <td>{format.number(line.quantity)}</td>
              <td>{format.sar(line.unitPrice)}</td>
              <td>{format.sar(line.tax)}</td>
              <td>{format.sar(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={invoiceFigures}>
        <dt>
          <Label name="totalWithoutVat" />
        </dt>
        <dd>{format.sar(data.amountWithoutTax)}</dd>
        <dt>
          <Label name="vat" /> ({format.percent(data.vatRatePercent)})
        </dt>
        <dd>{format.sar(data.tax)}</dd>
        <dt>
          <strong>
            <Label name="totalWithVat" />
          </strong>
        </dt>
        <dd>
          <strong>{format.sar(data.amount)}</strong>
        </dd>
      </dl>
    </article>
  );
}

export default function ReceiptDialog({
  encodedOrderSlno,
  onClose,
}: {
  encodedOrderSlno: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('my');
  const receipt = useApi(CONTRACT.paymentReceipt, { params: { encodedOrderSlno } });
  return (
    <Dialog
      title={t('receipt.title')}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>
            {t('receipt.close')}
          </Button>
          <Button onPress={() => window.print()} isDisabled={!receipt.data}>
            {t('receipt.print')}
          </Button>
        </>
      )}
    >
      {receipt.status === 'failed' ? (
        <ErrorState message={receipt.message} onRetry={receipt.reload} />
      ) : receipt.data ? (
        <InvoiceBody data={receipt.data} />
      ) : (
        <Spinner showLabel />
      )}
    </Dialog>
  );
}

/**
 * A paid order's tax invoice (issues 12 and 38), a person's, an organization's or a provider's:
 * the bilingual simplified tax invoice the server issues, every label in Arabic and English as
 * Saudi invoices are written (the domain's INVOICE_LABELS: both languages whatever the page's),
 * with the seller's VAT number and the ZATCA QR code (drawn from the server's TLV by uqr, a small
 * dependency-free encoder: black on white in every theme, as scanners need). The server's PDF of
 * it (and of its credit note, once refunded) downloads from here; printing the page prints the
 * invoice alone. On a phone its lines stack, each figure beside its label. Loaded with the first
 * invoice opened.
 */
import { CONTRACT, saveDownloadedFile, type DownloadedFile, type EndpointOutput } from '@tawqi/api';
import { INVOICE_LABELS, type InvoiceLabel } from '@tawqi/domain';
import { Button, Dialog, ErrorState, Spinner } from '@tawqi/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { api } from '../../api.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { callKey, useRead } from '../../queries.js';
import { reportFailure } from '../../toasts.js';
import {
  cellLabel,
  invoice,
  invoiceFigures,
  invoiceHead,
  invoiceTable,
  qrBox,
} from './receipt.css.js';

type TaxInvoice = EndpointOutput<typeof CONTRACT.paymentReceipt>;
type TaxDocument = 'invoice' | 'creditNote';

/** Whose invoice: the signed-in person's own, or their organization's or provider's. */
export type InvoiceOwner =
  { area: 'my' } | { area: 'org'; orgSlno: number } | { area: 'provider'; sipId: number };

/** The calls that read an owner's invoice and download its PDFs. */
function invoiceCalls(owner: InvoiceOwner, encodedOrderSlno: string) {
  const params = { encodedOrderSlno };
  switch (owner.area) {
    case 'my':
      return {
        key: callKey(CONTRACT.paymentReceipt, { params }),
        read: (signal: AbortSignal) => api.call(CONTRACT.paymentReceipt, { params }, { signal }),
        pdf: (document: TaxDocument) =>
          api.call(CONTRACT.paymentReceiptPdf, { params, query: { document } }),
      };
    case 'org': {
      const { orgSlno } = owner;
      return {
        key: callKey(CONTRACT.orgInvoice, { params, query: { orgSlno } }),
        read: (signal: AbortSignal) =>
          api.call(CONTRACT.orgInvoice, { params, query: { orgSlno } }, { signal }),
        pdf: (document: TaxDocument) =>
          api.call(CONTRACT.orgInvoicePdf, { params, query: { orgSlno, document } }),
      };
    }
    case 'provider': {
      const { sipId } = owner;
      return {
        key: callKey(CONTRACT.providerInvoice, { params, query: { sipId } }),
        read: (signal: AbortSignal) =>
          api.call(CONTRACT.providerInvoice, { params, query: { sipId } }, { signal }),
        pdf: (document: TaxDocument) =>
          api.call(CONTRACT.providerInvoicePdf, { params, query: { sipId, document } }),
      };
    }
  }
}

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

/** An invoice label in both languages (the domain's INVOICE_LABELS). */
function Label({ name }: { name: InvoiceLabel }) {
  return <Both {...INVOICE_LABELS[name]} />;
}

/** A figure of a line; on a phone, where the lines stack, its label shows beside it. */
function Cell({ label, children }: { label: InvoiceLabel; children: ReactNode }) {
  return (
    <td>
      <span className={cellLabel} aria-hidden="true">
        <Label name={label} />
      </span>
      {children}
    </td>
  );
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
        {data.creditNote ? (
          <>
            <dt>
              <Label name="creditNoteNumber" />
            </dt>
            <dd>
              <Verbatim>{data.creditNote.number}</Verbatim> ·{' '}
              {format.dateTime(data.creditNote.issuedAt)}
            </dd>
          </>
        ) : null}
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
              <Cell label="quantity">{format.number(line.quantity)}</Cell>
              <Cell label="unitPrice">{format.sar(line.unitPrice)}</Cell>
              <Cell label="vat">{format.sar(line.tax)}</Cell>
              <Cell label="totalWithVat">{format.sar(line.amount)}</Cell>
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
  owner,
  encodedOrderSlno,
  onClose,
}: {
  owner: InvoiceOwner;
  encodedOrderSlno: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('my');
  const calls = invoiceCalls(owner, encodedOrderSlno);
  const receipt = useRead(calls.key, calls.read);
  const [downloading, setDownloading] = useState<TaxDocument | null>(null);
  const download = async (document: TaxDocument) => {
    setDownloading(document);
    try {
      const file: DownloadedFile = await calls.pdf(document);
      saveDownloadedFile(file);
    } catch (error) {
      reportFailure(error);
    } finally {
      setDownloading(null);
    }
  };
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
          {receipt.data?.creditNote ? (
            <Button
              variant="secondary"
              isPending={downloading === 'creditNote'}
              onPress={() => void download('creditNote')}
            >
              {t('receipt.creditNotePdf')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            isDisabled={!receipt.data}
            isPending={downloading === 'invoice'}
            onPress={() => void download('invoice')}
          >
            {t('receipt.pdf')}
          </Button>
          <Button onPress={() => window.print()} isDisabled={!receipt.data}>
            {t('receipt.print')}
          </Button>
        </>
      )}
    >
      {receipt.status === 'failed' ? (
        <ErrorState message={receipt.message} retryAt={receipt.retryAt} onRetry={receipt.reload} />
      ) : receipt.data ? (
        <InvoiceBody data={receipt.data} />
      ) : (
        <Spinner showLabel />
      )}
    </Dialog>
  );
}

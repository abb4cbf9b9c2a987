/**
 * A list of tax invoices (issue 38): an organization's or a provider's paid orders, newest first,
 * each opening its invoice (shown, printed, downloaded as the server's PDF) and saying when a
 * refund gave it a credit note. A person's invoices are on their payment history.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Button, Card, EmptyState } from '@tawqi/ui';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadState } from '../../components/ReadState.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useApi, type Read } from '../../queries.js';
import { listRow, muted, plainList } from './my.css.js';
import type { InvoiceOwner } from './Receipt.js';

// The invoice (and its QR encoder) loads with the first one opened.
const ReceiptDialog = lazy(() => import('./Receipt.js'));

type Owner = Exclude<InvoiceOwner, { area: 'my' }>;

/** The list's read: each owner's own call, one hook per component (never a call disabled). */
type InvoicesRead = Read<EndpointOutput<typeof CONTRACT.orgInvoices>>;

function OrgInvoices({ owner }: { owner: Extract<Owner, { area: 'org' }> }) {
  const invoices = useApi(CONTRACT.orgInvoices, { query: { orgSlno: owner.orgSlno } });
  return <Invoices owner={owner} invoices={invoices} />;
}

function ProviderInvoices({ owner }: { owner: Extract<Owner, { area: 'provider' }> }) {
  const invoices = useApi(CONTRACT.providerInvoices, { query: { sipId: owner.sipId } });
  return <Invoices owner={owner} invoices={invoices} />;
}

export function InvoiceList({ owner }: { owner: Owner }) {
  return owner.area === 'org' ? <OrgInvoices owner={owner} /> : <ProviderInvoices owner={owner} />;
}

function Invoices({ owner, invoices }: { owner: Owner; invoices: InvoicesRead }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [open, setOpen] = useState<string | null>(null);
  if (invoices.status === 'failed' || !invoices.data) return <ReadState read={invoices} />;
  const rows = invoices.data.dataList;
  return (
    <Card title={t('invoices.title')} headingLevel={2}>
      {rows.length === 0 ? (
        <EmptyState title={t('invoices.empty')} />
      ) : (
        <ul className={plainList}>
          {rows.map((row) => (
            <li key={row.encodedOrderSlno} className={listRow}>
              <span>
                <strong>
                  <Verbatim>{row.invoiceNumber}</Verbatim>
                </strong>{' '}
                · {format.dateTime(row.issuedAt)}
                <br />
                {row.description} · {format.sar(row.amount)}
                {row.creditNoteNumber ? (
                  <>
                    <br />
                    <span className={muted}>
                      {t('invoices.refunded', { number: row.creditNoteNumber })}
                    </span>
                  </>
                ) : null}
              </span>
              <Button
                size="small"
                variant="secondary"
                aria-label={t('invoices.openNamed', { number: row.invoiceNumber })}
                onPress={() => setOpen(row.encodedOrderSlno)}
              >
                {t('invoices.open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ReceiptDialog owner={owner} encodedOrderSlno={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

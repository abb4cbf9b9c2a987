/**
 * Purchase orders (SPEC §2 `/app/org/purchase/requests`): packs of the provider's catalogue
 * ordered to pay by bank transfer — to the provider's account, shown above — each waiting for its
 * transfer, waiting for the provider to confirm it, paid, or not received (the provider's remarks
 * say why, and another transfer can be recorded); filtered from the URL and exported as
 * Purchase_Order_Request.xlsx. The provider's staff confirm the transfers, in the provider area
 * (issue 36: provider/ProviderPurchaseOrders).
 */
import { CONTRACT } from '@tawqi/api';
import { purchaseOrdersGrid } from '@tawqi/api/grids';
import { queryIdOf, type PurchaseOrderStatus } from '@tawqi/domain';
import { Button, Card, TextField } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { ReadState } from '../../components/ReadState.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { invalidate, useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { Facts, shown } from '../../components/Facts.js';
import { PackDialog, type PackItem } from './PackDialog.js';
import { failureFacts, OrderLines } from './Purchases.js';
import { SectionLinks } from './SectionLinks.js';

type Category = 'counter' | 'role';
/** A transfer can be recorded until one is confirmed: at first, and after one did not arrive. */
const AWAITING_TRANSFER: readonly PurchaseOrderStatus[] = ['pending', 'paymentFailure'];

export interface OrderRow {
  transactionNo: string;
  productKeyRequestSlNo: number;
  totalPrice: number;
  status: PurchaseOrderStatus;
  errorMessage: string | null;
  errorCode: string | null;
  responseStatus: string | null;
}

const refresh = () => invalidate(CONTRACT.purchaseOrders.area);

/** Where the transfer goes: the provider's bank account, and what to write on it. */
function Payee({ organization }: { organization: number }) {
  const { t } = useTranslation('org');
  const payee = useApi(CONTRACT.purchaseOrderPayee, { params: { orgSlno: organization } });
  if (payee.status === 'failed' || !payee.data) return <ReadState read={payee} small />;
  return (
    <Card title={t('orders.payee.title')} headingLevel={2}>
      <Facts
        facts={[
          [t('orders.payee.provider'), payee.data.providerName],
          [t('orders.payee.bank'), payee.data.bankName],
          [t('orders.payee.iban'), <Verbatim key="iban">{payee.data.iban}</Verbatim>],
        ]}
      />
      <p className={muted}>{t('orders.payee.reference')}</p>
    </Card>
  );
}

/** One of the organization's purchase orders: its packs, and recording the transfer paying it. */
function OurOrder({ organization, row }: { organization: number; row: OrderRow }) {
  const { t } = useTranslation('org');
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const lines = useApi(CONTRACT.purchaseOrderQuantityGrid, {
    params: { requestSlNo: row.productKeyRequestSlNo, planType: 'purchaseOrder' },
    body: { orgSlNo: organization },
  });
  if (lines.status === 'failed' || !lines.data) return <ReadState read={lines} small />;
  const missing = tried && reference.trim() === '';
  const record = async () => {
    setTried(true);
    if (reference.trim() === '') return;
    setBusy(true);
    try {
      await api.call(
        CONTRACT.recordPurchaseOrderTransfer,
        {
          body: {
            orgSlNo: organization,
            requestSlNo: row.productKeyRequestSlNo,
            transferReference: reference.trim(),
          },
        },
        { idempotencyKey: crypto.randomUUID() },
      );
      toasts.show({ variant: 'success', title: t('orders.transferRecorded') });
      await refresh();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <OrderLines
        label={t('buy.lines.of', { order: row.transactionNo })}
        lines={lines.data.dataList}
      />
      <Facts
        facts={[
          [t('users.detail.status'), <Status key="status" status={row.status} />],
          [t('special.remarks'), shown(row.errorMessage)],
          ...failureFacts(row, t),
        ]}
      />
      {AWAITING_TRANSFER.includes(row.status) ? (
        <div className={actions}>
          <TextField
            label={t('orders.transfer')}
            description={t('orders.transferHint')}
            isRequired
            maxLength={64}
            value={reference}
            onChange={setReference}
            isInvalid={missing}
            {...(missing ? { errorMessage: t('orders.transferNeeded') } : {})}
          />
          <Button isPending={busy} onPress={() => void record()}>
            {t('orders.record', { id: row.transactionNo })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Ordering packs of one category to pay by transfer: the quantity dialog, then the order. */
function NewOrder({
  organization,
  category,
  onClose,
}: {
  organization: number;
  category: Category;
  onClose: () => void;
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const packs = useApi(CONTRACT.purchaseRequestPlans, {
    params: { category, orgSlno: organization },
  });
  const [ordering, setOrdering] = useState(false);
  // One key per opened dialog: confirming twice makes one order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  if (packs.status === 'failed' || !packs.data) return <ReadState read={packs} small />;
  const order = async (items: PackItem[]) => {
    setOrdering(true);
    try {
      const made = await api.call(
        CONTRACT.createPurchaseOrder,
        { body: { orgSlNo: organization, category, items } },
        { idempotencyKey },
      );
      toasts.show({
        variant: 'success',
        title: t('orders.made', { id: made.transactionNo, amount: format.sar(made.totalPrice) }),
      });
      await refresh();
      onClose();
    } catch (error) {
      reportFailure(error);
      setOrdering(false);
    }
  };
  return (
    <PackDialog
      title={t(`orders.new.${category}`)}
      packs={packs.data.dataList}
      vat={packs.data.vat}
      confirmLabel={t('orders.place')}
      isConfirming={ordering}
      onClose={onClose}
      onConfirm={(items) => void order(items)}
    />
  );
}

export default function PurchaseOrders() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [ordering, setOrdering] = useState<Category | null>(null);
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active) };
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('orders.title')}</h1>
        <SectionLinks section="buying" />
      </div>
      <p className={muted}>{t('orders.lead')}</p>
      <Payee organization={active.slno} />
      <div className={actions}>
        <Button onPress={() => setOrdering('counter')}>{t('orders.new.counter')}</Button>
        <Button variant="secondary" onPress={() => setOrdering('role')}>
          {t('orders.new.role')}
        </Button>
      </div>
      {ordering ? (
        <NewOrder
          key={ordering}
          organization={active.slno}
          category={ordering}
          onClose={() => setOrdering(null)}
        />
      ) : null}
      <GridScreen
        grid={purchaseOrdersGrid}
        label={t('orders.title')}
        emptyTitle={t('orders.empty')}
        searchLabel={t('orders.search')}
        organization={organization}
        renderDetail={(row) => <OurOrder organization={active.slno} row={row} />}
      />
    </div>
  );
}

/**
 * The purchase orders made to an L1 provider, paid by bank transfer (ours; issue 36 made them its
 * staff's, in the provider area): confirm a transfer arrived — the order is credited once — or
 * say it did not, with remarks the organization reads. Nobody of the ordering organization
 * confirms; above the four-eyes amount a second staff member confirms too (the server says so).
 */
import { CONTRACT } from '@tawqi/api';
import { providerPurchaseOrdersGrid } from '@tawqi/api/grids';
import { Button } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { Facts, shown } from '../../components/Facts.js';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { invalidate } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions } from '../my/my.css.js';
import { RemarksDialog } from '../org/RemarksDialog.js';
import type { OrderRow } from '../org/PurchaseOrders.js';
import { ProviderScreen } from './ProviderScreen.js';

/** A purchase order made to the provider: confirm its transfer arrived, or say it did not. */
function ProviderOrder({
  provider,
  row,
}: {
  provider: number;
  row: OrderRow & { organizationName: string; transferReference: string | null };
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const [busy, setBusy] = useState<'received' | 'missing' | null>(null);
  const [refusing, setRefusing] = useState(false);
  const decide = async (received: boolean, remarks = '') => {
    setBusy(received ? 'received' : 'missing');
    try {
      const answer = await api.call(
        CONTRACT.confirmPurchaseOrder,
        {
          body: {
            l1SipId: provider,
            requestSlNo: row.productKeyRequestSlNo,
            received,
            ...(received ? {} : { remarks }),
          },
        },
        { idempotencyKey: crypto.randomUUID() },
      );
      toasts.show(
        answer.awaitingSecondStaff
          ? { variant: 'info', title: t('providers.fourEyes.proposed') }
          : {
              variant: 'success',
              title: t(received ? 'orders.confirm.done' : 'orders.confirm.refused'),
            },
      );
      setRefusing(false);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
      await invalidate(CONTRACT.providerPurchaseOrders.area);
    }
  };
  return (
    <div>
      <Facts
        label={t('orders.of', { id: row.transactionNo })}
        facts={[
          [t('special.organization'), row.organizationName],
          [
            t('orders.transfer'),
            <Verbatim key="transfer">{shown(row.transferReference)}</Verbatim>,
          ],
          [t('buy.lines.total'), format.sar(row.totalPrice)],
          [t('users.detail.status'), <Status key="status" status={row.status} />],
          [t('special.remarks'), shown(row.errorMessage)],
        ]}
      />
      {row.status === 'paymentInitiated' ? (
        <div className={actions}>
          <Button
            isPending={busy === 'received'}
            isDisabled={busy !== null}
            onPress={() => void decide(true)}
          >
            {t('orders.confirm.received', { id: row.transactionNo })}
          </Button>
          <Button variant="danger" isDisabled={busy !== null} onPress={() => setRefusing(true)}>
            {t('orders.confirm.missing')}
          </Button>
        </div>
      ) : null}
      {refusing ? (
        <RemarksDialog
          title={t('orders.confirm.missingTitle', { id: row.transactionNo })}
          confirmLabel={t('orders.confirm.missing')}
          hint={t('special.decide.remarksHint')}
          busy={busy === 'missing'}
          onSend={(remarks) => void decide(false, remarks)}
          onClose={() => setRefusing(false)}
        />
      ) : null}
    </div>
  );
}

export default function ProviderPurchaseOrders() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('orders.title')} lead={t('orders.confirmLead')}>
      {({ provider }) => (
        <GridScreen
          grid={providerPurchaseOrdersGrid}
          label={t('orders.title')}
          emptyTitle={t('orders.emptyConfirm')}
          searchLabel={t('orders.search')}
          provider={provider}
          renderDetail={(row) => <ProviderOrder provider={provider} row={row} />}
        />
      )}
    </ProviderScreen>
  );
}

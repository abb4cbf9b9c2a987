/**
 * Buying for the organization (SPEC §2 `buy/esign/plans/buycounter`, `buy/role/plans/buyOrgPlan`):
 * the packs on sale — eSign counters from the organization's L1 provider, or role seats — with
 * the server's prices and VAT; the quantities of several packs are chosen in one dialog
 * (QuantityDialog), which makes one order whatever the clicks (Idempotency-Key), then the
 * gateway's payment page, and back to /app/org/paymentStatus.
 */
import { CONTRACT } from '@tawqi/api';
import { queryIdOf } from '@tawqi/domain';
import { Button, Card, EmptyState, ErrorState, Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { useCheckout } from '../../payments.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { actions, cards, heading, muted, screen, title } from '../my/my.css.js';
import { Facts } from '../../components/Facts.js';
import { PackDialog, type PackItem } from './PackDialog.js';
import type { PurchaseCategory } from './Purchases.js';
import { SectionLinks } from './SectionLinks.js';

export default function BuyPacks({ category }: { category: PurchaseCategory }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const active = useAtomValue(activeOrganizationAtom);
  const queryId = active ? queryIdOf(active) : 0;
  const counters = useApi(
    CONTRACT.counterPlans,
    { params: { id: queryId } },
    { enabled: active !== null && category === 'counter' },
  );
  const roles = useApi(CONTRACT.rolePlanDescription, {}, { enabled: category === 'role' });
  const packs = category === 'counter' ? counters : roles;
  const [choosing, setChoosing] = useState(false);
  const { ordering, renew, checkout } = useCheckout();
  if (!active) return null;

  const order = (items: PackItem[]) =>
    checkout((options) =>
      api.call(
        CONTRACT.buyOrganizationPlan,
        { body: { sipSlNo: queryId, category, items } },
        options,
      ),
    );

  const data = packs.data;
  let body;
  if (packs.status === 'failed')
    body = <ErrorState message={packs.message} retryAt={packs.retryAt} onRetry={packs.reload} />;
  else if (!data) body = <Spinner showLabel />;
  else if (data.dataList.length === 0) body = <EmptyState title={t(`buy.${category}.noPacks`)} />;
  else
    body = (
      <>
        <div className={cards}>
          {data.dataList.map((pack) => (
            <Card key={pack.paxUniqueId} title={pack.name} headingLevel={2}>
              <p className={muted}>{pack.paxDescription}</p>
              <Facts
                facts={[
                  [t(`buy.${category}.size`), format.number(pack.paxSize)],
                  [t('buy.lines.price'), format.sar(pack.salesPrice)],
                  [t('buy.lines.total'), format.sar(pack.totalPrice)],
                  ...(category === 'counter'
                    ? [[t('buy.bought'), format.number(pack.totalQuantity)] as [string, string]]
                    : []),
                ]}
              />
            </Card>
          ))}
        </div>
        <div className={actions}>
          <Button
            onPress={() => {
              renew();
              setChoosing(true);
            }}
          >
            {t('buy.choose')}
          </Button>
        </div>
        {choosing ? (
          <PackDialog
            title={t(`buy.${category}.dialogTitle`)}
            packs={data.dataList}
            vat={data.vat}
            confirmLabel={t('buy.pay')}
            isConfirming={ordering}
            onClose={() => setChoosing(false)}
            onConfirm={(items) => void order(items)}
          />
        ) : null}
      </>
    );

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t(`buy.${category}.buyTitle`)}</h1>
        <SectionLinks section="buying" />
      </div>
      {data ? (
        <p className={muted}>{t(`buy.${category}.buyLead`, { vat: format.number(data.vat) })}</p>
      ) : null}
      {body}
    </div>
  );
}

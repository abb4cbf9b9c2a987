/**
 * An L1 provider buying eSign counters for one of its L2 providers (SPEC §2
 * `buy/esign/plans/sipBuyCounter`, issue 15): the L2 provider (getL2Sips), the L1's own packs
 * (getL1Plans, prices before VAT and the server's VAT), the quantities in the PackDialog, one
 * order per opened dialog (Idempotency-Key), the gateway's page, and back to paymentStatus. Paid,
 * the counters are the L2 provider's stock, which it allocates to its organizations; the L1's
 * own stock is not touched.
 */
import { CONTRACT } from '@tawqi/api';
import { Button, Card, EmptyState, ErrorState, Select, Spinner } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { useCheckout } from '../../payments.js';
import { useApi } from '../../queries.js';
import { actions, cards, muted } from '../my/my.css.js';
import { Facts } from '../../components/Facts.js';
import { PackDialog, type PackItem } from '../org/PackDialog.js';
import { ProviderScreen } from './ProviderScreen.js';

export default function BuyForL2() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('providers.buy.title')} lead={t('providers.buy.lead')}>
      {({ provider }) => <BuyForL2Form provider={provider} />}
    </ProviderScreen>
  );
}

function BuyForL2Form({ provider }: { provider: number }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const l2s = useApi(CONTRACT.l2Sips, { query: { sipId: provider } });
  const plans = useApi(CONTRACT.l1Plans, { query: { sipId: provider } });
  const [l2, setL2] = useState<number | null>(null);
  // Said from the press that found no provider until one is chosen.
  const [l2Missing, setL2Missing] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const { ordering, renew, checkout } = useCheckout();

  const failed = [l2s, plans].find((answer) => answer.status === 'failed');
  if (failed)
    return (
      <ErrorState
        message={failed.message}
        retryAt={failed.retryAt}
        onRetry={() => {
          l2s.reload();
          plans.reload();
        }}
      />
    );
  if (!l2s.data || !plans.data) return <Spinner showLabel />;
  const providers = l2s.data.dataList;
  const { dataList: packs, vat } = plans.data;
  if (providers.length === 0) return <EmptyState title={t('providers.form.noL2')} />;
  if (packs.length === 0) return <EmptyState title={t('providers.buy.noPacks')} />;

  const nameOf = (id: number) => {
    const found = providers.find((one) => one.l2SipId === id);
    return found ? (format.language === 'ar' ? found.sipNameArabic : found.sipName) : '';
  };
  const order = async (items: PackItem[]) => {
    if (l2 === null) return;
    await checkout((options) =>
      api.call(CONTRACT.buyL2Counters, { body: { sipId: provider, l2SipId: l2, items } }, options),
    );
  };

  return (
    <>
      <Select
        label={t('providers.form.l2')}
        placeholder={t('providers.form.chooseL2')}
        options={providers.map((one) => ({ id: String(one.l2SipId), label: nameOf(one.l2SipId) }))}
        value={l2 === null ? null : String(l2)}
        onChange={(key) => {
          setL2(Number(key));
          setL2Missing(false);
        }}
        isRequired
        isInvalid={l2Missing}
        {...(l2Missing ? { errorMessage: t('providers.form.l2Needed') } : {})}
      />
      <p className={muted}>{t('providers.buy.prices', { vat: format.number(vat) })}</p>
      <div className={cards}>
        {packs.map((pack) => (
          <Card key={pack.paxUniqueId} title={pack.planName} headingLevel={2}>
            <p className={muted}>{pack.planDescription}</p>
            <Facts
              facts={[
                [t('buy.counter.size'), format.number(pack.transactionLimit)],
                [t('buy.lines.validity'), pack.validity],
                [t('buy.lines.price'), format.sar(pack.price)],
              ]}
            />
          </Card>
        ))}
      </div>
      <div className={actions}>
        <Button
          onPress={() => {
            if (l2 === null) {
              setL2Missing(true);
              return;
            }
            renew();
            setChoosing(true);
          }}
        >
          {t('buy.choose')}
        </Button>
      </div>
      {choosing && l2 !== null ? (
        <PackDialog
          title={t('providers.buy.dialogTitle', { name: nameOf(l2) })}
          packs={packs.map((pack) => ({
            paxUniqueId: pack.paxUniqueId,
            name: pack.planName,
            salesPrice: pack.price,
          }))}
          vat={vat}
          confirmLabel={t('buy.pay')}
          isConfirming={ordering}
          onClose={() => setChoosing(false)}
          onConfirm={(items) => void order(items)}
        />
      ) : null}
    </>
  );
}

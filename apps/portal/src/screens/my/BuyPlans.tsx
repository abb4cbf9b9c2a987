/**
 * Buy eSign plan (SPEC §2, §3 "Buyable plan"): the plans with the server's prices and VAT → choose
 * a quantity → the order is made (one per confirmation, whatever the clicks: Idempotency-Key) →
 * the gateway's payment page → back to /app/my/paymentStatus. Arriving with `?plan=` (a plan
 * chosen on the public pricing page) opens that plan's dialog once the plans are here; the
 * parameter is then dropped, so going back does not open it again.
 */
import { CONTRACT } from '@tawqi/api';
import { CURRENCY, lineWithVat, toHalalas, vatRateBasisPoints } from '@tawqi/domain';
import { Button, EmptyState, ErrorState, QuantityDialog, Spinner } from '@tawqi/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { MY_PATHS } from '../../paths.js';
import { useCheckout } from '../../payments.js';
import { PlanCard, type BuyablePlan } from '../../components/PlanCard.js';
import { useApi } from '../../queries.js';
import { cards, heading, muted, screen, title } from './my.css.js';

/** How many of one plan an order may hold (the contract's limit). */
const MAX_QUANTITY = 100;

export default function BuyPlans() {
  const { t } = useTranslation('my');
  const plans = useApi(CONTRACT.commonEsignPlans, {});
  const [chosen, setChosen] = useState<BuyablePlan | null>(null);
  const { ordering, renew, checkout } = useCheckout();

  const open = (plan: BuyablePlan) => {
    renew();
    setChosen(plan);
  };

  const requested = new URLSearchParams(useSearch()).get('plan');
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!requested || !plans.data) return;
    const plan = plans.data.planDetailsDTOList.find(
      (candidate) => String(candidate.productPricingDetailsSlno) === requested,
    );
    if (plan) open(plan);
    navigate(MY_PATHS.buyPlans, { replace: true });
    // Once per arrival with a plan, when the plans have come.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested, plans.data]);

  const order = (plan: BuyablePlan, quantity: number) =>
    checkout((options) =>
      api.call(
        CONTRACT.buyEsignPlan,
        { body: { productPricingDetailsSlno: plan.productPricingDetailsSlno, quantity } },
        options,
      ),
    );

  const vat = plans.data ? vatRateBasisPoints(plans.data.vat) : 0;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('buy.title')}</h1>
      </div>
      {plans.data ? <p className={muted}>{t('buy.lead', { vat: plans.data.vat })}</p> : null}
      {plans.status === 'failed' ? (
        <ErrorState message={plans.message} retryAt={plans.retryAt} onRetry={plans.reload} />
      ) : !plans.data ? (
        <Spinner showLabel />
      ) : plans.data.planDetailsDTOList.length === 0 ? (
        <EmptyState title={t('buy.empty')} />
      ) : (
        <div className={cards}>
          {plans.data.planDetailsDTOList.map((plan) => (
            <PlanCard
              key={plan.productPricingDetailsSlno}
              plan={plan}
              action={
                <Button onPress={() => open(plan)}>
                  {t('buy.choose', { plan: plan.planName })}
                </Button>
              }
            />
          ))}
        </div>
      )}
      {chosen ? (
        <QuantityDialog
          title={t('buy.dialogTitle', { plan: chosen.planName })}
          items={[
            {
              id: String(chosen.productPricingDetailsSlno),
              label: chosen.planName,
              unitPriceMinor: toHalalas(chosen.price),
              maxQuantity: MAX_QUANTITY,
            },
          ]}
          totalsOf={(quantities) => {
            const line = lineWithVat(
              toHalalas(chosen.price),
              quantities[String(chosen.productPricingDetailsSlno)] ?? 0,
              vat,
            );
            return { subtotalMinor: line.price, vatMinor: line.tax, totalMinor: line.totalPrice };
          }}
          currency={CURRENCY}
          confirmLabel={t('buy.pay')}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen && !ordering) setChosen(null);
          }}
          onConfirm={(quantities) =>
            void order(chosen, quantities[String(chosen.productPricingDetailsSlno)] ?? 1)
          }
          isConfirming={ordering}
          initialQuantities={{ [String(chosen.productPricingDetailsSlno)]: 1 }}
        />
      ) : null}
    </div>
  );
}

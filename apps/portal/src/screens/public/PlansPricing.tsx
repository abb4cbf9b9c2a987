/**
 * Plans and pricing, live from the server with its VAT (SPEC §7 `common/esign/plans`): a card per
 * plan, the plans compared in a table (price before VAT, VAT, total, and what one transaction
 * costs), and the questions buyers ask. Buying a plan signs the person in first and then opens
 * that plan in Buy eSign plan (`?plan=`); the purchase page (/puchase-plan) is the same offer.
 */
import { CONTRACT } from '@tawqi/api';
import { ROUTES } from '@tawqi/domain';
import { Button, ErrorState, Spinner } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useFormat } from '../../format.js';
import { buyPlanPath } from '../../paths.js';
import { useApi } from '../../queries.js';
import { PlanCard, type BuyablePlan } from '../../components/PlanCard.js';
import { Faq } from './Faq.js';
import {
  blockTitle,
  caption,
  grid,
  hero,
  heroText,
  lead,
  numeric,
  table,
  tableFrame,
  title,
} from './public.css.js';

export default function PlansPricing({ mode }: { mode: 'pricing' | 'purchase' }) {
  const { t } = useTranslation('public');
  const [, navigate] = useLocation();
  const plansCall = useApi(CONTRACT.commonEsignPlans, {});
  const plans = plansCall.data;
  const buy = (plan: BuyablePlan) => {
    navigate(
      `${ROUTES.authCheck}?from=${encodeURIComponent(buyPlanPath(plan.productPricingDetailsSlno))}`,
    );
  };
  return (
    <section aria-labelledby="plans-title">
      <div className={hero}>
        <div className={heroText}>
          <h1 id="plans-title" className={title}>
            {t(mode === 'pricing' ? 'plans.title' : 'plans.purchaseTitle')}
          </h1>
          {/* The VAT rate is the server's; until it answers, the lead does not name one. */}
          <p className={lead}>
            {plans ? t('plans.lead', { vat: plans.vat }) : t('plans.leadWithoutVat')}
          </p>
        </div>
      </div>
      {plansCall.status === 'failed' ? (
        <ErrorState
          message={plansCall.message}
          retryAt={plansCall.retryAt}
          onRetry={plansCall.reload}
        />
      ) : null}
      {plansCall.status === 'loading' && !plans ? <Spinner showLabel /> : null}
      {plans ? (
        <>
          <div className={grid}>
            {plans.planDetailsDTOList.map((plan) => (
              <PlanCard
                key={plan.productPricingDetailsSlno}
                plan={plan}
                action={
                  <Button onPress={() => buy(plan)}>
                    {t('plans.buyNamed', { plan: plan.planName })}
                  </Button>
                }
              />
            ))}
          </div>
          <Comparison plans={plans.planDetailsDTOList} />
        </>
      ) : null}
      <Faq />
    </section>
  );
}

function Comparison({ plans }: { plans: readonly BuyablePlan[] }) {
  const { t } = useTranslation('public');
  const format = useFormat();
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="compare-title">
      <h2 id="compare-title" className={blockTitle}>
        {t('plans.compare.title')}
      </h2>
      {/* Scrolls inside its frame on a phone; focusable so a keyboard can scroll it too. */}
      <div className={tableFrame} role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className={table}>
          <caption id="compare-caption" className={caption}>
            {t('plans.compare.caption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('plans.compare.plan')}</th>
              <th scope="col" className={numeric}>
                {t('plans.compare.transactions')}
              </th>
              <th scope="col">{t('plans.compare.validity')}</th>
              <th scope="col" className={numeric}>
                {t('plans.compare.price')}
              </th>
              <th scope="col" className={numeric}>
                {t('plans.compare.vat')}
              </th>
              <th scope="col" className={numeric}>
                {t('plans.compare.total')}
              </th>
              <th scope="col" className={numeric}>
                {t('plans.compare.perTransaction')}
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.productPricingDetailsSlno}>
                <th scope="row">{plan.planName}</th>
                <td className={numeric}>{format.number(plan.transactionLimit)}</td>
                <td>{plan.validity}</td>
                <td className={numeric}>{format.sar(plan.price)}</td>
                <td className={numeric}>{format.sar(plan.tax)}</td>
                <td className={numeric}>{format.sar(plan.totalPrice)}</td>
                <td className={numeric}>
                  {plan.transactionLimit > 0
                    ? format.sar(Math.round((plan.totalPrice * 100) / plan.transactionLimit) / 100)
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

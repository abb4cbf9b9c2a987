/**
 * Plans and pricing, live from the server with its VAT (SPEC §7 `common/esign/plans`). The
 * purchase page (/puchase-plan) offers to buy: signing in first, then the individual area.
 */
import { CONTRACT } from '@tawqi/api';
import { ROUTES, formatMoney, formatNumber, toHalalas } from '@tawqi/domain';
import { Button, Card, ErrorState, Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { languageAtom } from '../../state/atoms.js';
import { useCall } from '../../useCall.js';
import { grid, hero, lead, muted, price, title } from './public.css.js';

const loadPlans = () => api.call(CONTRACT.commonEsignPlans, {});

export default function PlansPricing({ mode }: { mode: 'pricing' | 'purchase' }) {
  const { t } = useTranslation('public');
  const language = useAtomValue(languageAtom);
  const [, navigate] = useLocation();
  const plansCall = useCall(loadPlans);
  const plans = plansCall.data;
  const buy = `${ROUTES.authCheck}?from=${encodeURIComponent('/app/my/esign/buy/plans')}`;
  return (
    <section aria-labelledby="plans-title">
      <div className={hero}>
        <h1 id="plans-title" className={title}>
          {t(mode === 'pricing' ? 'plans.title' : 'plans.purchaseTitle')}
        </h1>
        {/* The VAT rate is the server's; until it answers, the lead does not name one. */}
        <p className={lead}>
          {plans ? t('plans.lead', { vat: plans.vat }) : t('plans.leadWithoutVat')}
        </p>
      </div>
      {plansCall.status === 'failed' ? (
        <ErrorState message={plansCall.message} onRetry={plansCall.reload} />
      ) : null}
      {plansCall.status === 'loading' && !plans ? <Spinner showLabel /> : null}
      {plans ? (
        <div className={grid}>
          {plans.planDetailsDTOList.map((plan) => (
            <Card key={plan.productPricingDetailsSlno} title={plan.planName} headingLevel={2}>
              <p className={price}>{formatMoney(toHalalas(plan.totalPrice), language)}</p>
              <p className={muted}>
                {t('plans.includesVat', {
                  price: formatMoney(toHalalas(plan.price), language),
                  tax: formatMoney(toHalalas(plan.tax), language),
                })}
              </p>
              <p>
                {t('plans.transactions', {
                  number: formatNumber(plan.transactionLimit, language),
                  validity: plan.validity,
                })}
              </p>
              <Button onPress={() => navigate(buy)}>{t('plans.buy')}</Button>
            </Card>
          ))}
        </div>
      ) : null}
    </section>
  );
}

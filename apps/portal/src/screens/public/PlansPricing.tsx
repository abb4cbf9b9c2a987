/**
 * Plans and pricing, live from the server with its VAT (SPEC §7 `common/esign/plans`). The
 * purchase page (/puchase-plan) offers to buy: signing in first, then the individual area.
 */
import { CONTRACT } from '@tawqi/api';
import { ROUTES } from '@tawqi/domain';
import { Button, ErrorState, Spinner } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { MY_PATHS } from '../../paths.js';
import { useCall } from '../../useCall.js';
import { PlanCard } from '../../components/PlanCard.js';
import { grid, hero, lead, title } from './public.css.js';

const loadPlans = () => api.call(CONTRACT.commonEsignPlans, {});

export default function PlansPricing({ mode }: { mode: 'pricing' | 'purchase' }) {
  const { t } = useTranslation('public');
  const [, navigate] = useLocation();
  const plansCall = useCall(loadPlans);
  const plans = plansCall.data;
  const buy = `${ROUTES.authCheck}?from=${encodeURIComponent(MY_PATHS.buyPlans)}`;
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
            <PlanCard
              key={plan.productPricingDetailsSlno}
              plan={plan}
              action={<Button onPress={() => navigate(buy)}>{t('plans.buy')}</Button>}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

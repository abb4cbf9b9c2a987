/**
 * Plans and pricing, live from the server with its VAT (SPEC §7 `common/esign/plans`). The
 * purchase page (/puchase-plan) offers to buy: signing in first, then the individual area.
 */
import { CONTRACT } from '@tawqi/api';
import { ROUTES, formatMoney, formatNumber, toHalalas } from '@tawqi/domain';
import { Button, Card, ErrorState, Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { languageAtom } from '../../state/atoms.js';
import { grid, hero, lead, muted, price, title } from './public.css.js';

type Plans = Awaited<ReturnType<typeof loadPlans>>;
const loadPlans = () => api.call(CONTRACT.commonEsignPlans, {});

export default function PlansPricing({ mode }: { mode: 'pricing' | 'purchase' }) {
  const { t } = useTranslation('public');
  const language = useAtomValue(languageAtom);
  const [, navigate] = useLocation();
  const [plans, setPlans] = useState<Plans | null>(null);
  const [failed, setFailed] = useState<string | null | undefined>(undefined);
  const load = useCallback(() => {
    setFailed(undefined);
    loadPlans().then(setPlans, (error: unknown) => {
      setFailed(error instanceof Error && error.message ? error.message : null);
    });
  }, []);
  useEffect(load, [load, language]);
  const buy = `${ROUTES.authCheck}?from=${encodeURIComponent('/app/my/esign/buy/plans')}`;
  return (
    <section aria-labelledby="plans-title">
      <div className={hero}>
        <h1 id="plans-title" className={title}>
          {t(mode === 'pricing' ? 'plans.title' : 'plans.purchaseTitle')}
        </h1>
        <p className={lead}>{t('plans.lead', { vat: plans?.vat ?? 15 })}</p>
      </div>
      {failed !== undefined ? <ErrorState message={failed} onRetry={load} /> : null}
      {!plans && failed === undefined ? <Spinner showLabel /> : null}
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

/** A buyable eSign plan (SPEC §3 "Buyable plan"): the public pricing page and Buy eSign plan. */
import type { CONTRACT, EndpointOutput } from '@tawqi/api';
import { Card } from '@tawqi/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format.js';
import { planMuted, planPrice } from './planCard.css.js';

export type BuyablePlan = EndpointOutput<
  typeof CONTRACT.commonEsignPlans
>['planDetailsDTOList'][number];

export function PlanCard({ plan, action }: { plan: BuyablePlan; action: ReactNode }) {
  const { t } = useTranslation('public');
  const format = useFormat();
  return (
    <Card title={plan.planName} headingLevel={2}>
      <p className={planPrice}>{format.sar(plan.totalPrice)}</p>
      <p className={planMuted}>
        {t('plans.includesVat', { price: format.sar(plan.price), tax: format.sar(plan.tax) })}
      </p>
      <p>{t('plans.transactions', { count: plan.transactionLimit, validity: plan.validity })}</p>
      {action}
    </Card>
  );
}

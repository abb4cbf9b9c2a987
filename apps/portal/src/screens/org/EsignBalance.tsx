/**
 * The organization's eSign counter balance as the counters ledger holds it (what its active plans
 * have left, of how many): the dashboard and the eSign counter report show the same card from the
 * same read, so their figures cannot differ.
 */
import { CONTRACT } from '@tawqi/api';
import { queryIdOf } from '@tawqi/domain';
import { StatCard } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import type { SessionOrganization } from '../../state/atoms.js';
import { utilizationPercent } from '../my/Dashboard.js';

export interface EsignCounters {
  total: number;
  utilized: number;
  remaining: number;
  /** eSign only: what expired plans had left (total = utilized + remaining + expired). */
  expired?: number;
}

/** A counter's card: its figure, "used of total" under it, and a meter of how much is used. */
export function CounterCard({
  label,
  value,
  counters,
  isLoading,
}: {
  label: string;
  value: string;
  counters: EsignCounters | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  return (
    <StatCard
      label={label}
      value={counters ? value : ''}
      hint={
        counters
          ? t(counters.expired ? 'dashboard.esignHintExpired' : 'dashboard.esignHint', {
              utilized: format.number(counters.utilized),
              total: format.number(counters.total),
              expired: format.number(counters.expired ?? 0),
            })
          : ''
      }
      meterPercent={counters ? utilizationPercent(counters.utilized, counters.total) : 0}
      isLoading={isLoading}
    />
  );
}

/** The eSign counters' card: what remains to sign with. */
export function EsignBalanceCard({
  counters,
  isLoading,
}: {
  counters: EsignCounters | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  return (
    <CounterCard
      label={t('dashboard.esignCounters')}
      value={counters ? format.number(counters.remaining) : ''}
      counters={counters}
      isLoading={isLoading}
    />
  );
}

/** The dashboard's read (shared with the dashboard's cache), for the screens that show its figures. */
export function useOrgDashboard(active: SessionOrganization | null) {
  return useApi(
    CONTRACT.enrolmentAdminDashboard,
    { body: { organizationSlNo: active?.slno ?? 0, sipSlno: active ? queryIdOf(active) : 0 } },
    { enabled: active !== null },
  );
}

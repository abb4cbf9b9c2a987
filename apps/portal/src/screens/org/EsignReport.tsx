/**
 * The eSign counter deduction summary (SPEC §2 `/app/org/reports/esign`, §3 "Counter deduction
 * summary"): each of the active organization's purchased plans — its dates, what it cost, its
 * counters, used and remaining, and whether it is active, used up or expired — filtered by text,
 * dates and state from the URL, exported with the same filter as
 * eSign_Counter_Deduction_Summary.xlsx. Above it, the balance the dashboard shows: the remaining
 * counters of the active plans, from the counters ledger, so the two always agree; and the
 * counters used in each of the last twelve months, as bars with a table behind them.
 */
import { esignDeductionSummaryGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { CONTRACT } from '@tawqi/api';
import { BarChart, ErrorState } from '@tawqi/ui';
import { ReadState } from '../../components/ReadState.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import type { SessionOrganization } from '../../state/atoms.js';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { SectionLinks } from './SectionLinks.js';
import { heading, muted, screen, stats, title } from '../my/my.css.js';
import { EsignBalanceCard, useOrgDashboard } from './EsignBalance.js';

/** Counters used per month, the last twelve (the ledger's consumptions), as bars and a table. */
function UsageChart({ organization }: { organization: SessionOrganization }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const usage = useApi(CONTRACT.esignUsageByMonth, {
    params: { sipSlNo: queryIdOf(organization) },
  });
  if (usage.status === 'failed' || !usage.data) return <ReadState read={usage} small />;
  return (
    <BarChart
      caption={t('reports.esign.usage')}
      labelHeader={t('reports.esign.month')}
      valueHeader={t('reports.esign.used')}
      bars={usage.data.months.map(({ month, used }) => ({
        id: month,
        label: format.month(month),
        value: used,
        valueText: format.number(used),
      }))}
    />
  );
}

export default function EsignReport() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const balance = useOrgDashboard(active);
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('reports.esign.title')}</h1>
        <SectionLinks section="reports" />
      </div>
      <p className={muted}>{t('reports.esign.lead')}</p>
      {balance.status === 'failed' ? (
        <ErrorState message={balance.message} retryAt={balance.retryAt} onRetry={balance.reload} />
      ) : (
        <div className={stats}>
          <EsignBalanceCard
            counters={balance.data?.esignCounters}
            isLoading={balance.status === 'loading' && !balance.data}
          />
        </div>
      )}
      <UsageChart organization={active} />
      <GridScreen
        grid={esignDeductionSummaryGrid}
        label={t('reports.esign.title')}
        emptyTitle={t('reports.esign.empty')}
        searchLabel={t('reports.esign.search')}
        organization={{ slno: active.slno, queryId: queryIdOf(active) }}
      />
    </div>
  );
}

/**
 * The role counter deduction summary (SPEC §2 `/app/org/reports/roles`, §3 "Role deduction
 * summary", "Allocation history"): each counted role's seats — how many the organization holds,
 * how many members use, how many are free — as the counters ledger holds them (the dashboard's
 * figures), and below them the packs of seats the organization received, filtered by text and
 * dates from the URL and exported as ESign_Role_Counter_Deduction_Summary_Report.xlsx.
 */
import { CONTRACT } from '@tawqi/api';
import { roleAllocationHistoryGrid } from '@tawqi/api/grids';
import { COUNTED_ROLES, queryIdOf } from '@tawqi/domain';
import { ErrorState } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { SectionLinks } from './SectionLinks.js';
import { heading, muted, screen, section, sectionTitle, stats, title } from '../my/my.css.js';
import { CounterCard } from './EsignBalance.js';

export default function RolesReport() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const summary = useApi(
    CONTRACT.roleDeductionSummaryReport,
    { params: { sipSlNo: active ? queryIdOf(active) : 0 } },
    { enabled: active !== null },
  );
  if (!active) return null;
  const data = summary.data;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('reports.roles.title')}</h1>
        <SectionLinks section="reports" />
      </div>
      <p className={muted}>{t('reports.roles.lead')}</p>
      {summary.status === 'failed' ? (
        <ErrorState message={summary.message} retryAt={summary.retryAt} onRetry={summary.reload} />
      ) : (
        <div className={stats}>
          {COUNTED_ROLES.map((role) => {
            const seats = data?.[role];
            return (
              <CounterCard
                key={role}
                label={t(`roles.${role}`)}
                value={seats ? t('reports.roles.free', { count: seats.remaining }) : ''}
                counters={seats}
                isLoading={summary.status === 'loading' && !data}
              />
            );
          })}
        </div>
      )}
      <section className={section} aria-labelledby="seats-received">
        <h2 id="seats-received" className={sectionTitle}>
          {t('reports.roles.history')}
        </h2>
        <GridScreen
          grid={roleAllocationHistoryGrid}
          label={t('reports.roles.history')}
          emptyTitle={t('reports.roles.empty')}
          searchLabel={t('reports.roles.search')}
          organization={{ slno: active.slno, queryId: queryIdOf(active) }}
        />
      </section>
    </div>
  );
}

/**
 * The Enrolment Admin's dashboard (SPEC §2 "dashboard for enrolment admins", §7
 * `dashboardDetailsForEnrolmentAdmin`): the organization's users, what waits for approval, its
 * eSign and role counters, and its latest transactions, each with a link to where it is handled
 * (its provider's figures are the provider's staff's since issue 36: provider/ProviderHome).
 * It follows the active organization: switching reads the new one's.
 */
import { orgEsignTransactionsGrid } from '@tawqi/api/grids';
import { COUNTED_ROLES, statusWord, type CountedRole } from '@tawqi/domain';
import { DataGrid, EmptyState, ErrorState, Link, StatCard, type DataGridColumn } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useGridColumns } from '../../components/gridColumns.js';
import { useFormat } from '../../format.js';
import { ORG_PATHS } from '../../paths.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, screen, section, sectionTitle, stats, title } from '../my/my.css.js';
import { EsignBalanceCard, useOrgDashboard } from './EsignBalance.js';

interface RoleRow {
  role: CountedRole;
  total: number;
  utilized: number;
  remaining: number;
}

export default function OrgDashboard() {
  const { t } = useTranslation('org');
  const format = useFormat();
  const active = useAtomValue(activeOrganizationAtom);
  // OrgArea shows this screen only with an active organization that allows it.
  const call = useOrgDashboard(active);
  const data = call.data;
  const loading = call.status === 'loading' && !data;
  const esign = data?.esignCounters;

  const transactionColumns = useGridColumns(orgEsignTransactionsGrid);
  const roleColumns: DataGridColumn<RoleRow>[] = [
    {
      id: 'role',
      header: t('dashboard.role'),
      cell: (row) => t(`roles.${row.role}`),
      isRowHeader: true,
    },
    ...(['total', 'utilized', 'remaining'] as const).map((key) => ({
      id: key,
      header: t(`dashboard.${key}`),
      cell: (row: RoleRow) => format.number(row[key]),
      align: 'end' as const,
      width: 120,
    })),
  ];

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('dashboard.title')}</h1>
      </div>

      {call.status === 'failed' ? (
        <ErrorState message={call.message} retryAt={call.retryAt} onRetry={call.reload} />
      ) : (
        <div className={stats}>
          <StatCard
            // The people the users grid lists as Approved or Deactivated: named by those words, so
            // the figure is found again there (the grid's other statuses are not members yet).
            label={t('dashboard.users', {
              approved: statusWord('Approved', format.language),
              deactivated: statusWord('Deactivated', format.language),
            })}
            value={data ? format.number(data.totalUsers) : ''}
            hint={data ? t('dashboard.usersHint', { count: data.activeUsers }) : ''}
            isLoading={loading}
          />
          <StatCard
            label={t('dashboard.pendingApprovals')}
            value={data ? format.number(data.pendingApprovals) : ''}
            hint={<Link href={ORG_PATHS.approvals}>{t('dashboard.review')}</Link>}
            isLoading={loading}
          />
          <StatCard
            label={t('dashboard.pendingChanges')}
            value={data ? format.number(data.pendingChangeRequests) : ''}
            hint={<Link href={`${ORG_PATHS.approvals}?tab=changes`}>{t('dashboard.review')}</Link>}
            isLoading={loading}
          />
          <EsignBalanceCard counters={esign} isLoading={loading} />
        </div>
      )}

      {call.status === 'failed' ? null : (
        <>
          <section className={section} aria-labelledby="role-counters-title">
            <div className={heading}>
              <h2 id="role-counters-title" className={sectionTitle}>
                {t('dashboard.roleCounters')}
              </h2>
            </div>
            <DataGrid
              label={t('dashboard.roleCounters')}
              columns={roleColumns}
              rows={data ? COUNTED_ROLES.map((role) => ({ role, ...data.roleCounters[role] })) : []}
              rowKey={(row) => row.role}
              isLoading={call.status === 'loading'}
            />
          </section>
          <section className={section} aria-labelledby="recent-title">
            <div className={heading}>
              <h2 id="recent-title" className={sectionTitle}>
                {t('dashboard.recent')}
              </h2>
              <Link href={ORG_PATHS.transactions}>{t('dashboard.allTransactions')}</Link>
            </div>
            <DataGrid
              label={t('dashboard.recent')}
              columns={transactionColumns}
              rows={data?.recentTransactions ?? []}
              rowKey={(row) => String(row.esignLogsID)}
              isLoading={call.status === 'loading'}
              emptyState={<EmptyState title={t('dashboard.noTransactions')} />}
            />
          </section>
        </>
      )}
    </div>
  );
}

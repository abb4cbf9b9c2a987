/**
 * The individual dashboard (SPEC §2, §7 `dashboard/my/dashboard`): plan balance, utilization,
 * active plans with the next expiry, recent transactions and notifications.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { myTransactionsGrid } from '@tawqi/api/grids';
import { Card, DataGrid, EmptyState, ErrorState, Link, Spinner, StatCard } from '@tawqi/ui';
import { Status } from '../../components/Status.js';
import { useTranslation } from 'react-i18next';
import { readHeaderNotifications } from '../../components/Notifications.reads.js';
import { readDashboard } from './Dashboard.reads.js';
import { NotificationList } from '../../components/Notifications.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { useApi } from '../../queries.js';
import {
  heading,
  muted,
  plainList,
  screen,
  section,
  sectionTitle,
  stats,
  title,
} from './my.css.js';
import { TRANSACTION_CELLS } from './transactionCells.js';
import { useGridColumns } from '../../components/gridColumns.js';

/** Share of a plan's transactions used, in whole percent (0 when there is no plan). */
export function utilizationPercent(utilized: number, total: number): number {
  return total > 0 ? Math.round((utilized / total) * 100) : 0;
}

type Application = EndpointOutput<typeof CONTRACT.myDashboard>['applications'][number];

/**
 * The organizations this person applied to register, until approved (issue 38: an applicant who
 * signed in saw nothing of it): where each stands, and a refusal's remarks.
 */
function Applications({ applications }: { applications: readonly Application[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  return (
    <section className={section} aria-labelledby="applications-title">
      <h2 id="applications-title" className={sectionTitle}>
        {t('applications.title')}
      </h2>
      <ul className={plainList}>
        {applications.map((application) => (
          <li key={`${application.organizationName}-${application.submittedAt}`}>
            <Card title={application.organizationName} headingLevel={3}>
              <p>
                <Status status={application.status} />
              </p>
              <p>
                {t(`applications.${application.status === 'Rejected' ? 'rejected' : 'pending'}`, {
                  provider: application.providerName,
                  date: format.date(application.submittedAt),
                })}
              </p>
              {application.remarks ? <p className={muted}>{application.remarks}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Dashboard() {
  const { t } = useTranslation(['dashboard', 'my']);
  const format = useFormat();
  const dashboard = useApi(CONTRACT.myDashboard, { body: {} }, { early: readDashboard });
  const notifications = useApi(CONTRACT.myNotifications, {}, { early: readHeaderNotifications });
  const data = dashboard.data;
  const loading = dashboard.status === 'loading' && !data;
  const columns = useGridColumns(myTransactionsGrid, TRANSACTION_CELLS);
  const percent = data ? utilizationPercent(data.utilizedTransactions, data.totalTransactions) : 0;

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('dashboard:title')}</h1>
        <Link href={MY_PATHS.buyPlans}>{t('dashboard:buyPlan')}</Link>
      </div>

      {dashboard.status === 'failed' ? (
        <ErrorState
          message={dashboard.message}
          retryAt={dashboard.retryAt}
          onRetry={dashboard.reload}
        />
      ) : (
        <div className={stats}>
          <StatCard
            label={t('dashboard:balance')}
            value={data ? format.number(data.balanceTransactions) : ''}
            hint={
              data
                ? t('dashboard:balanceHint', {
                    used: data.utilizedTransactions,
                    count: data.totalTransactions,
                  })
                : ''
            }
            isLoading={loading}
          />
          <StatCard
            label={t('dashboard:utilization')}
            value={data ? format.percent(percent) : ''}
            meterPercent={percent}
            isLoading={loading}
          />
          <StatCard
            label={t('dashboard:activePlans')}
            value={data ? format.number(data.activePlans) : ''}
            hint={
              data?.nextExpiry
                ? t('dashboard:nextExpiry', { date: format.date(data.nextExpiry) })
                : t('dashboard:noActivePlan')
            }
            isLoading={loading}
          />
        </div>
      )}

      {data?.applications.length ? <Applications applications={data.applications} /> : null}

      <section className={section} aria-labelledby="recent-title">
        <div className={heading}>
          <h2 id="recent-title" className={sectionTitle}>
            {t('dashboard:recent')}
          </h2>
          <Link href={MY_PATHS.transactions}>{t('dashboard:allTransactions')}</Link>
        </div>
        {/* One failed read, one alert: the figures above say it and offer the retry. */}
        {dashboard.status === 'failed' ? null : (
          <DataGrid
            label={t('dashboard:recent')}
            columns={columns}
            rows={data?.recentTransactions ?? []}
            rowKey={(row) => row.transactionID}
            isLoading={dashboard.status === 'loading'}
            emptyState={<EmptyState title={t('my:transactions.empty')} />}
          />
        )}
      </section>

      <section className={section} aria-labelledby="notifications-title">
        <h2 id="notifications-title" className={sectionTitle}>
          {t('dashboard:notifications')}
        </h2>
        {notifications.status === 'failed' ? (
          <ErrorState
            message={notifications.message}
            retryAt={notifications.retryAt}
            onRetry={notifications.reload}
          />
        ) : !notifications.data ? (
          <Spinner showLabel />
        ) : notifications.data.dataList.length === 0 ? (
          <EmptyState title={t('app:notifications.empty')} />
        ) : (
          <NotificationList items={notifications.data.dataList} />
        )}
      </section>
    </div>
  );
}

/**
 * The provider area's home (issue 36): the active provider, the staff member's roles there, and
 * its figures (`providerDashboard`, moved here from its customers' organization dashboard): an
 * L1's stock left, what it allocated and the applications waiting; an L2's stock and what it
 * received from its L1, whose staff take the decisions about its organizations.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Link, StatCard } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ReadState } from '../../components/ReadState.js';
import { useFormat } from '../../format.js';
import { PROVIDER_PATHS } from '../../paths.js';
import { useApi } from '../../queries.js';
import { activeProviderAtom } from '../../state/atoms.js';
import { muted, section, sectionTitle, stats } from '../my/my.css.js';
import { ProviderScreen } from './ProviderScreen.js';

type Provider = EndpointOutput<typeof CONTRACT.providerDashboard>;

/**
 * The provider's figures (issue 16): an L1's stock left, what it allocated to its L2
 * providers and the applications waiting, each with where it is handled; an L2's stock and what
 * it received from its L1.
 */
function ProviderFigures({ provider }: { provider: Provider }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const { held } = provider;
  return (
    <section className={section} aria-labelledby="provider-title">
      <h2 id="provider-title" className={sectionTitle}>
        {t('providers.home.figures', { name: provider.name })}
      </h2>
      {provider.level === 'L1' ? (
        <div className={stats}>
          <StatCard
            label={t('dashboard.provider.stockLeft')}
            value={format.number(held.esign)}
            hint={<Link href={PROVIDER_PATHS.stockReport}>{t('dashboard.provider.allocate')}</Link>}
          />
          <StatCard
            label={t('dashboard.provider.allocated')}
            value={format.number(provider.esignAllocated)}
          />
          <StatCard
            label={t('dashboard.provider.pending')}
            value={format.number(provider.pendingL2Requests)}
            hint={<Link href={PROVIDER_PATHS.l2Approvals}>{t('dashboard.provider.review')}</Link>}
          />
        </div>
      ) : (
        <div className={stats}>
          <StatCard
            label={t('dashboard.provider.received', { name: provider.parentName ?? '' })}
            value={format.number(provider.esignAllocated)}
          />
          <StatCard
            label={t('dashboard.provider.held')}
            value={format.number(held.esign)}
            hint={t('dashboard.provider.roles', {
              enrolmentAdmin: format.number(held.enrolmentAdmin),
              authorizedSignatory: format.number(held.authorizedSignatory),
              organizationUser: format.number(held.organizationUser),
            })}
          />
        </div>
      )}
    </section>
  );
}

function Figures({ provider }: { provider: number }) {
  const read = useApi(CONTRACT.providerDashboard, { body: { sipId: provider } });
  if (read.status === 'failed' || !read.data) return <ReadState read={read} />;
  return <ProviderFigures provider={read.data} />;
}

export default function ProviderHome() {
  const { t } = useTranslation('org');
  const format = useFormat();
  const active = useAtomValue(activeProviderAtom);
  if (!active) return null;
  const name = format.language === 'ar' ? active.providerNameArabic : active.providerName;
  return (
    <ProviderScreen
      title={name}
      lead={t('providers.home.lead', {
        roles: format.list(active.roles.map((role) => t(`providers.roles.names.${role}`))),
      })}
    >
      {({ provider }) => (
        <>
          <Figures provider={provider} />
          {active.sipLevel === 'L2' ? <p className={muted}>{t('providers.home.l2')}</p> : null}
        </>
      )}
    </ProviderScreen>
  );
}

/**
 * L2 role counter allocation (SPEC §2 `buy/role/l2/counter`, §3 "L2 role counter allocation"),
 * for the staff of an L1 provider (issue 36): each of its L2
 * providers with the role counters it was given in all and what it still holds, filtered from
 * the URL and exported as L2_Organization_Role_Plan_Allocation_Reports.xlsx. SPEC §5 shows an
 * empty list when the answer's status is not 200; ours says the read failed, with a retry, as
 * every grid does: an empty list would tell an admin that nothing was allocated, and invite
 * allocating again.
 */
import { l2RoleCounterAllocationsGrid } from '@tawqi/api/grids';
import { Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { PROVIDER_PATHS } from '../../paths.js';
import { actions } from '../my/my.css.js';
import { ProviderScreen } from './ProviderScreen.js';

export default function RoleAllocations() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('providers.roles.title')} lead={t('providers.roles.lead')}>
      {({ provider }) => (
        <>
          <div className={actions}>
            <Link href={PROVIDER_PATHS.allocateRoles}>{t('providers.roles.allocate')}</Link>
          </div>
          <GridScreen
            grid={l2RoleCounterAllocationsGrid}
            label={t('providers.roles.title')}
            emptyTitle={t('providers.roles.empty')}
            searchLabel={t('providers.roles.search')}
            provider={provider}
          />
        </>
      )}
    </ProviderScreen>
  );
}

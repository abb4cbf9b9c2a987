/**
 * L2 role counter allocation (SPEC §2 `/app/org/buy/role/l2/counter`, §3 "L2 role counter
 * allocation"), for an Enrolment Admin of an organization of an L1 provider: each of its L2
 * providers with the role counters it was given in all and what it still holds, filtered from
 * the URL and exported as L2_Organization_Role_Plan_Allocation_Reports.xlsx. SPEC §5 shows an
 * empty list when the answer's status is not 200; ours says the read failed, with a retry, as
 * every grid does: an empty list would tell an admin that nothing was allocated, and invite
 * allocating again.
 */
import { l2RoleCounterAllocationsGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { Link } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { ORG_PATHS } from '../../paths.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { SectionLinks } from './SectionLinks.js';

export default function RoleAllocations() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active), provider: active.sipSlNo };
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('providers.roles.title')}</h1>
        <SectionLinks section="providers" />
      </div>
      <p className={muted}>{t('providers.roles.lead')}</p>
      <div className={actions}>
        <Link href={ORG_PATHS.allocateRoles}>{t('providers.roles.allocate')}</Link>
      </div>
      <GridScreen
        grid={l2RoleCounterAllocationsGrid}
        label={t('providers.roles.title')}
        emptyTitle={t('providers.roles.empty')}
        searchLabel={t('providers.roles.search')}
        organization={organization}
      />
    </div>
  );
}

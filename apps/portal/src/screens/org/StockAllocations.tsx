/**
 * L2 stock allocation (SPEC §2 `/app/org/reports/stock`, §3 "L2 stock allocation"), for an
 * Enrolment Admin of an organization of an L1 provider: each allocation of eSign stock to one of
 * its L2 providers, with the L1's stock before and after it, filtered from the URL and exported
 * as L2_Stock_Allocation_Reports.xlsx; and the form that allocates more (AllocationForm).
 */
import { l2StockAllocationGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, muted, screen, section, sectionTitle, title } from '../my/my.css.js';
import { AllocationForm } from './AllocationForm.js';
import { SectionLinks } from './SectionLinks.js';

export default function StockAllocations() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active), provider: active.sipSlNo };
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('providers.stock.title')}</h1>
        <SectionLinks section="providers" />
      </div>
      <p className={muted}>{t('providers.stock.lead')}</p>
      <section className={section} aria-labelledby="allocate-stock-title">
        <h2 id="allocate-stock-title" className={sectionTitle}>
          {t('providers.stock.allocate')}
        </h2>
        <AllocationForm kind="stock" provider={active.sipSlNo} />
      </section>
      <GridScreen
        grid={l2StockAllocationGrid}
        label={t('providers.stock.title')}
        emptyTitle={t('providers.stock.empty')}
        searchLabel={t('providers.stock.search')}
        organization={organization}
      />
    </div>
  );
}

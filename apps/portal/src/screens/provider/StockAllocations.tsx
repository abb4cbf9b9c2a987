/**
 * L2 stock allocation (SPEC §2 `reports/stock`, §3 "L2 stock allocation"), for the staff of an L1
 * provider (issue 36): each allocation of eSign stock to one of
 * its L2 providers, with the L1's stock before and after it, filtered from the URL and exported
 * as L2_Stock_Allocation_Reports.xlsx; and the form that allocates more (AllocationForm).
 */
import { l2StockAllocationGrid } from '@tawqi/api/grids';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { section, sectionTitle } from '../my/my.css.js';
import { AllocationForm } from './AllocationForm.js';
import { ProviderScreen } from './ProviderScreen.js';

export default function StockAllocations() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('providers.stock.title')} lead={t('providers.stock.lead')}>
      {({ provider }) => (
        <>
          <section className={section} aria-labelledby="allocate-stock-title">
            <h2 id="allocate-stock-title" className={sectionTitle}>
              {t('providers.stock.allocate')}
            </h2>
            <AllocationForm kind="stock" provider={provider} />
          </section>
          <GridScreen
            grid={l2StockAllocationGrid}
            label={t('providers.stock.title')}
            emptyTitle={t('providers.stock.empty')}
            searchLabel={t('providers.stock.search')}
            provider={provider}
          />
        </>
      )}
    </ProviderScreen>
  );
}

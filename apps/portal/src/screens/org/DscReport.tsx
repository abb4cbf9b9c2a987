/**
 * The DSC report (SPEC §2 `reports/dsc`; issue 18): the certificates issued in the active
 * organization's name — valid, revoked and expired — with the days each valid one has left,
 * filtered and paged from the URL and exported as Digital_Signature_Certificates.xlsx.
 */
import { dscReportGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, muted, screen, title } from '../my/my.css.js';
import { SectionLinks } from './SectionLinks.js';

export default function DscReport() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('reports.dsc.title')}</h1>
        <SectionLinks section="reports" />
      </div>
      <p className={muted}>{t('reports.dsc.lead')}</p>
      <GridScreen
        grid={dscReportGrid}
        label={t('reports.dsc.title')}
        emptyTitle={t('reports.dsc.empty')}
        searchLabel={t('reports.dsc.search')}
        organization={{ slno: active.slno, queryId: queryIdOf(active) }}
      />
    </div>
  );
}

/**
 * The organization's reports, side by side: the navigation's "Reports" opens the first, and each
 * report leads to the others (SPEC §2: reports/esign, reports/roles).
 */
import { Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ORG_PATHS } from '../../paths.js';
import { actions } from '../my/my.css.js';

const REPORTS = [
  ['esign', ORG_PATHS.esignReport],
  ['roles', ORG_PATHS.rolesReport],
] as const;

export function ReportLinks() {
  const { t } = useTranslation('org');
  const [location] = useLocation();
  return (
    <nav aria-label={t('reports.all')} className={actions}>
      {REPORTS.map(([report, path]) => (
        <Link key={report} href={path} {...(location === path ? { 'aria-current': 'page' } : {})}>
          {t(`reports.${report}.title`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The pages of one section of the organization area, side by side: the navigation opens the
 * first, and each page leads to the others (SPEC §2: reports/esign, reports/roles and reports/dsc;
 * approval/user and approval/dsc; buy/esign,
 * buy/role, purchase/special/plan and purchase/requests; an L1 provider's approval/ltwo,
 * reports/stock, buy/role/l2/counter and buy/esign/plans/sipBuyCounter).
 */
import { Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ORG_PATHS } from '../../paths.js';
import { actions } from '../my/my.css.js';

const SECTIONS = {
  reports: [
    ['reports.esign.title', ORG_PATHS.esignReport],
    ['reports.roles.title', ORG_PATHS.rolesReport],
    ['reports.dsc.title', ORG_PATHS.dscReport],
  ],
  approvals: [
    ['approvals.title', ORG_PATHS.approvals],
    ['dscApprovals.title', ORG_PATHS.certificateApprovals],
  ],
  buying: [
    ['buy.counter.title', ORG_PATHS.counterPurchases],
    ['buy.role.title', ORG_PATHS.rolePurchases],
    ['special.title', ORG_PATHS.specialPlans],
    ['orders.title', ORG_PATHS.purchaseOrders],
  ],
  providers: [
    ['providers.approvals.title', ORG_PATHS.l2Approvals],
    ['providers.stock.title', ORG_PATHS.stockReport],
    ['providers.roles.title', ORG_PATHS.roleAllocations],
    ['providers.buy.title', ORG_PATHS.buyForL2],
  ],
} as const;

const LABELS = {
  reports: 'reports.all',
  buying: 'buy.all',
  providers: 'providers.all',
  approvals: 'approvals.all',
} as const;

export function SectionLinks({ section }: { section: keyof typeof SECTIONS }) {
  const { t } = useTranslation('org');
  const [location] = useLocation();
  return (
    <nav aria-label={t(LABELS[section])} className={actions}>
      {SECTIONS[section].map(([label, path]) => (
        <Link key={path} href={path} {...(location === path ? { 'aria-current': 'page' } : {})}>
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}

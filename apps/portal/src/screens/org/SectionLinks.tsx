/**
 * The pages of one section of the organization area, side by side: the navigation opens the
 * first, and each page leads to the others (SPEC §2: reports/esign, reports/roles and reports/dsc;
 * approval/user and approval/dsc; buy/esign,
 * buy/role, purchase/special/plan, purchase/requests and our purchase/invoices; and the provider area's pages, issue 36).
 */
import { PROVIDER_ROUTE_ACTIONS, isAllowed, type ProviderRoute } from '@tawqi/domain';
import { Link } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ORG_PATHS, PROVIDER_PATHS } from '../../paths.js';
import { activeProviderAtom } from '../../state/atoms.js';
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
    ['invoices.title', ORG_PATHS.invoices],
  ],
  // The provider area's (issue 36).
  providers: [
    ['providers.home.title', PROVIDER_PATHS.index],
    ['providers.approvals.title', PROVIDER_PATHS.l2Approvals],
    ['providers.stock.title', PROVIDER_PATHS.stockReport],
    ['providers.roles.title', PROVIDER_PATHS.roleAllocations],
    ['providers.buy.title', PROVIDER_PATHS.buyForL2],
    ['special.title', PROVIDER_PATHS.specialPlans],
    ['orders.title', PROVIDER_PATHS.purchaseOrders],
    ['invoices.title', PROVIDER_PATHS.invoices],
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
  const provider = useAtomValue(activeProviderAtom);
  // A provider's pages by the staff member's roles there (the permission table).
  const links = SECTIONS[section].filter(
    ([, path]) =>
      section !== 'providers' ||
      (provider !== null && isAllowed(provider, PROVIDER_ROUTE_ACTIONS[path as ProviderRoute])),
  );
  return (
    <nav aria-label={t(LABELS[section])} className={actions}>
      {links.map(([label, path]) => (
        <Link key={path} href={path} {...(location === path ? { 'aria-current': 'page' } : {})}>
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The shared layout of /app/my and /app/org (SPEC §2): header with language, theme, organization
 * switcher, notifications and the user menu; side navigation by area. Without a session it goes
 * to /auth-check, which restores the session or sends the user to sign in, and comes back.
 */
import { ORG_ROUTE_ACTIONS, ROUTES, isAllowed } from '@tawqi/domain';
import { AppShell, Button, LinkRouter, Menu, Select, type NavGroup } from '@tawqi/ui';
import { useAtom, useAtomValue } from 'jotai';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LanguageSwitch, ThemeSwitch } from '../components/HeaderControls.js';
import { LegalFooter } from '../components/LegalFooter.js';
import { MY_PATHS } from '../paths.js';
import { Notifications } from '../components/Notifications.js';
import {
  activeOrganizationAtom,
  languageAtom,
  organizationsAtom,
  sessionAtom,
} from '../state/atoms.js';
import { usePageArrival } from '../pageArrival.js';

// The identity app's renewal loads when the person asks for it from the user menu.
const KycRenewalDialog = lazy(() =>
  import('../components/KycRenewal.js').then((module) => ({ default: module.KycRenewalDialog })),
);

const MY_LINKS = [
  ['dashboard', MY_PATHS.dashboard],
  ['subscriptions', MY_PATHS.subscriptions],
  ['buyPlans', MY_PATHS.buyPlans],
  ['transactions', MY_PATHS.transactions],
  ['certificates', MY_PATHS.certificates],
  ['account', MY_PATHS.account],
  ['devices', MY_PATHS.devices],
] as const;

const ORG_LINKS = [
  ['orgDashboard', '/app/org/dashboard'],
  ['manageUsers', '/app/org/manage/users'],
  ['approvals', '/app/org/approval/user'],
  ['orgTransactions', '/app/org/esign/transactions'],
  ['buyCounters', '/app/org/buy/esign/plans'],
  ['reports', '/app/org/reports/esign'],
  ['l2Providers', '/app/org/approval/ltwo'],
  ['orgProfile', '/app/org/orgProfile'],
] as const;

/**
 * The pages a link stands for beyond its own, by the start of their paths: a new-user request is
 * under "Manage users", the role report under "Reports", an L1 provider's stock report, role
 * counter allocation and buying for its L2 providers under "L2 providers" (SPEC §2's routes nest
 * so, mostly).
 */
const SECTIONS: Partial<Record<string, readonly string[]>> = {
  [MY_PATHS.certificates]: ['/app/my/dsc/'],
  '/app/org/manage/users': ['/app/org/manage/'],
  '/app/org/approval/user': ['/app/org/approval/user', '/app/org/approval/dsc'],
  '/app/org/buy/esign/plans': [
    '/app/org/buy/esign/plans/buycounter',
    '/app/org/buy/role/plans',
    '/app/org/purchase/',
  ],
  '/app/org/reports/esign': [
    '/app/org/reports/esign',
    '/app/org/reports/roles',
    '/app/org/reports/dsc',
  ],
  '/app/org/approval/ltwo': [
    '/app/org/reports/stock',
    '/app/org/buy/role/l2/',
    '/app/org/buy/esign/plans/sipBuyCounter',
  ],
};

/** An area's index shows its dashboard, so the dashboard link is the current one there. */
const AREA_HOMES: Partial<Record<string, string>> = {
  '/app/my': MY_PATHS.dashboard,
  '/app/org': '/app/org/dashboard',
};

export default function AppLayout({ area, children }: { area: 'my' | 'org'; children: ReactNode }) {
  const { t } = useTranslation('app');
  const session = useAtomValue(sessionAtom);
  const organizations = useAtomValue(organizationsAtom);
  const [active, setActive] = useAtom(activeOrganizationAtom);
  const language = useAtomValue(languageAtom);
  const [location, navigate] = useLocation();
  usePageArrival();
  const search = useSearch();
  const [renewing, setRenewing] = useState(false);

  // The query comes back too: a grid's filter, a tab, the payment the gateway returns to.
  useEffect(() => {
    if (!session) {
      const from = search ? `${location}?${search}` : location;
      navigate(`${ROUTES.authCheck}?from=${encodeURIComponent(from)}`, { replace: true });
    }
  }, [session, location, search, navigate]);
  if (!session) return null;

  const link = ([key, href]: readonly [string, string]) => {
    const section = SECTIONS[href];
    return {
      id: key,
      label: t(`nav.${key}`),
      href,
      isCurrent:
        location === href ||
        AREA_HOMES[location.replace(/\/$/u, '')] === href ||
        (section?.some((start) => location.startsWith(start)) ?? false),
    };
  };
  const navigation: NavGroup[] = [{ id: 'my', label: t('nav.myArea'), items: MY_LINKS.map(link) }];
  // Only the organization pages the active organization's roles allow (the server's own table).
  const reachable = ORG_LINKS.filter(
    ([, href]) => active !== null && isAllowed(active, ORG_ROUTE_ACTIONS[href]),
  );
  if (reachable.length > 0)
    navigation.push({ id: 'org', label: t('nav.orgArea'), items: reachable.map(link) });
  const name = language === 'ar' ? session.fullNameArabic : session.fullNameEnglish;

  return (
    <LinkRouter navigate={navigate}>
      <AppShell
        brand={t('brand')}
        navigation={navigation}
        defaultNavigationOpen
        languageSwitch={<LanguageSwitch />}
        themeSwitch={<ThemeSwitch />}
        organizationSwitcher={
          organizations.length > 0 ? (
            <Select
              aria-label={t('organization.switch')}
              options={organizations.map((organization) => ({
                id: organization.slno,
                label:
                  language === 'ar'
                    ? organization.organizationNameArabic
                    : organization.organizationName,
              }))}
              value={active?.slno ?? null}
              onChange={(slno) => {
                if (typeof slno === 'number') setActive(slno);
              }}
            />
          ) : null
        }
        notifications={<Notifications />}
        userMenu={
          <Menu
            label={t('user.menu')}
            trigger={
              <Button variant="secondary" size="small">
                {name}
              </Button>
            }
            items={[
              { id: 'account', label: t('nav.account') },
              { id: 'kyc', label: t('kyc.menu') },
              { id: 'logout', label: t('user.signOut'), separated: true },
            ]}
            onAction={(id) => {
              if (id === 'kyc') setRenewing(true);
              else navigate(id === 'logout' ? ROUTES.logout : MY_PATHS.account);
            }}
          />
        }
      >
        <div data-area={area}>{children}</div>
        <LegalFooter />
        {renewing ? (
          <Suspense fallback={null}>
            <KycRenewalDialog isOpen onOpenChange={setRenewing} />
          </Suspense>
        ) : null}
      </AppShell>
    </LinkRouter>
  );
}

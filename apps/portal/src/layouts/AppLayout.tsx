/**
 * The shared layout of /app/my, /app/org and /app/provider (SPEC §2; the provider area is issue
 * 36's): header with language, theme, the switcher between the person's organizations and the
 * providers they are on the staff of, notifications and the user menu; side navigation by area. Without a session it goes
 * to /auth-check, which restores the session or sends the user to sign in, and comes back.
 */
import {
  ORG_ROUTE_ACTIONS,
  PROVIDER_ROUTE_ACTIONS,
  ROUTES,
  isAllowed,
  type ProviderRoute,
} from '@tawqi/domain';
import { AppShell, Button, LinkRouter, Menu, Select, type NavGroup } from '@tawqi/ui';
import { useAtom, useAtomValue } from 'jotai';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LanguageSwitch, ThemeSwitch } from '../components/HeaderControls.js';
import { LegalFooter } from '../components/LegalFooter.js';
import { MY_PATHS, ORG_PATHS, PROVIDER_PATHS } from '../paths.js';
import { Notifications } from '../components/Notifications.js';
import {
  activeOrganizationAtom,
  activeProviderAtom,
  languageAtom,
  organizationsAtom,
  providersAtom,
  sessionAtom,
} from '../state/atoms.js';
import { usePageArrival } from '../pageArrival.js';

// The identity app's renewal loads when the person asks for it from the user menu.
const KycRenewalDialog = lazy(() =>
  import('../components/KycRenewal.js').then((module) => ({ default: module.KycRenewalDialog })),
);

const MY_LINKS = [
  ['dashboard', MY_PATHS.dashboard],
  ['signOwn', MY_PATHS.signOwn],
  ['envelopes', MY_PATHS.envelopes],
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
  ['orgProfile', '/app/org/orgProfile'],
] as const;

/** The provider area's links (issue 36), each shown when the staff member's roles allow it. */
const PROVIDER_LINKS = [
  ['providerHome', PROVIDER_PATHS.index],
  ['applications', PROVIDER_PATHS.l2Approvals],
  ['providerStock', PROVIDER_PATHS.stockReport],
  ['providerSpecialPlans', PROVIDER_PATHS.specialPlans],
  ['providerPurchaseOrders', PROVIDER_PATHS.purchaseOrders],
] as const satisfies readonly (readonly [string, ProviderRoute])[];

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
  [PROVIDER_PATHS.purchaseOrders]: [PROVIDER_PATHS.invoices],
  [PROVIDER_PATHS.stockReport]: [
    PROVIDER_PATHS.roleAllocations,
    PROVIDER_PATHS.buyForL2,
    PROVIDER_PATHS.paymentStatus,
  ],
};

/** An area's index shows its dashboard, so the dashboard link is the current one there. */
const AREA_HOMES: Partial<Record<string, string>> = {
  '/app/my': MY_PATHS.dashboard,
  '/app/org': '/app/org/dashboard',
};

export default function AppLayout({
  area,
  children,
}: {
  area: 'my' | 'org' | 'provider';
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  const session = useAtomValue(sessionAtom);
  const organizations = useAtomValue(organizationsAtom);
  const providers = useAtomValue(providersAtom);
  const [active, setActive] = useAtom(activeOrganizationAtom);
  const [activeProvider, setActiveProvider] = useAtom(activeProviderAtom);
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
  // And the active provider's pages, for its staff (issue 36).
  const staffLinks = PROVIDER_LINKS.filter(
    ([, href]) =>
      activeProvider !== null && isAllowed(activeProvider, PROVIDER_ROUTE_ACTIONS[href]),
  );
  if (staffLinks.length > 0)
    navigation.push({ id: 'provider', label: t('nav.providerArea'), items: staffLinks.map(link) });
  // One list for both: a person who is staff and a customer's admin switches between them
  // as between organizations, each in its own area.
  const places = [
    ...organizations.map((organization) => ({
      id: `org:${String(organization.slno)}`,
      label:
        language === 'ar' ? organization.organizationNameArabic : organization.organizationName,
    })),
    ...providers.map((provider) => ({
      id: `provider:${String(provider.sipSlNo)}`,
      label: t('organization.provider', {
        name: language === 'ar' ? provider.providerNameArabic : provider.providerName,
      }),
    })),
  ];
  const current =
    area === 'provider' || (area === 'my' && !active && activeProvider)
      ? activeProvider && `provider:${String(activeProvider.sipSlNo)}`
      : active && `org:${String(active.slno)}`;
  const switchTo = (id: string) => {
    const [kind, value] = id.split(':');
    if (kind === 'provider') {
      setActiveProvider(Number(value));
      if (area !== 'provider') navigate(PROVIDER_PATHS.index);
    } else {
      setActive(Number(value));
      if (area === 'provider') navigate(ORG_PATHS.index);
    }
  };
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
          places.length > 0 ? (
            <Select
              aria-label={t('organization.switch')}
              options={places}
              value={current ?? null}
              onChange={(id) => {
                if (typeof id === 'string') switchTo(id);
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

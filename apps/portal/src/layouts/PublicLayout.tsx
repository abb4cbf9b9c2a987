/**
 * The public (pre-login) layout: brand, the marketing pages, language, theme, sign in; the legal
 * footer.
 * On a narrow screen the header is one row (brand, sign in, menu) and the pages, language and
 * theme are in a drawer.
 */
import { NARROW_SCREEN_QUERY, SkipLink, linkStyle, useMediaQuery } from '@tawqi/ui';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSwitch, ThemeSwitch } from '../components/HeaderControls.js';
import { usePageArrival } from '../pageArrival.js';
import { LegalFooter } from '../components/LegalFooter.js';
import {
  brand,
  controls,
  drawerNav,
  header,
  main,
  menuButton,
  nav,
  navLink,
  page,
} from './layout.css.js';

// Loaded after the page shows, on a narrow screen only.
const MenuDrawer = lazy(() => import('./MenuDrawer.js'));

const LINKS = [
  ['/why-esign', 'nav.whyEsign'],
  ['/features', 'nav.features'],
  ['/use-cases', 'nav.useCases'],
  ['/individual', 'nav.individual'],
  ['/organization', 'nav.organization'],
  ['/digital-certificate', 'nav.digitalCertificate'],
  ['/plans-pricing', 'nav.plansPricing'],
  ['/contact-us', 'nav.contactUs'],
] as const;

export default function PublicLayout({
  children,
  task = false,
}: {
  children: ReactNode;
  /**
   * A task someone was sent to (a signer approving a request): the brand, language and theme
   * only, no marketing pages and no sign-in to step away into.
   */
  task?: boolean;
}) {
  const { t } = useTranslation('header');
  usePageArrival();
  const [location] = useLocation();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const links = (className: string) =>
    task ? null : (
      <nav aria-label={t('header:nav.label')} className={className}>
        {LINKS.map(([href, key]) => (
          <a
            key={href}
            href={href}
            className={navLink}
            aria-current={location === href ? 'page' : undefined}
          >
            {t(`header:${key}`)}
          </a>
        ))}
      </nav>
    );
  const signIn = task ? null : (
    <a className={linkStyle} href="/auth-check">
      {t('header:signIn')}
    </a>
  );
  return (
    <div className={page}>
      <SkipLink targetId="main" />
      <header className={header}>
        <a className={brand} href="/">
          {t('header:brand')}
        </a>
        {narrow ? (
          <div className={controls}>
            {signIn}
            <button
              type="button"
              className={menuButton}
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuOpen(true);
              }}
            >
              {t('header:menu')}
            </button>
            <Suspense fallback={null}>
              <MenuDrawer isOpen={menuOpen} onOpenChange={setMenuOpen} title={t('header:menu')}>
                {links(drawerNav)}
                <div className={controls}>
                  <LanguageSwitch />
                  <ThemeSwitch />
                </div>
              </MenuDrawer>
            </Suspense>
          </div>
        ) : (
          <>
            {links(nav)}
            <div className={controls}>
              <LanguageSwitch />
              <ThemeSwitch />
              {signIn}
            </div>
          </>
        )}
      </header>
      <main className={main} id="main" tabIndex={-1}>
        {children}
      </main>
      <LegalFooter withTagline />
    </div>
  );
}

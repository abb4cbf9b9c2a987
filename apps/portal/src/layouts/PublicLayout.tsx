/** The public (pre-login) layout: brand, the marketing pages, language, theme, sign in; footer. */
import { linkStyle } from '@tawqi/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSwitch, ThemeSwitch } from '../components/HeaderControls.js';
import { brand, controls, footer, header, main, nav, navLink, page } from './layout.css.js';

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

export default function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['header', 'footer']);
  const [location] = useLocation();
  return (
    <div className={page}>
      <header className={header}>
        <a className={brand} href="/">
          {t('header:brand')}
        </a>
        <nav aria-label={t('header:nav.label')} className={nav}>
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
        <div className={controls}>
          <LanguageSwitch />
          <ThemeSwitch />
          <a className={linkStyle} href="/auth-check">
            {t('header:signIn')}
          </a>
        </div>
      </header>
      <main className={main} id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className={footer}>
        <span>{t('footer:copyright', { year: new Date().getFullYear() })}</span>
        <span>{t('footer:tagline')}</span>
      </footer>
    </div>
  );
}

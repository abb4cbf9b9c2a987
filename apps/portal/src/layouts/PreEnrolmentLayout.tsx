/**
 * The pre-enrolment layout: a plain frame (brand, language, theme) for account creation and
 * verification steps, and for the sign-in screen; the legal footer.
 */
import { SkipLink } from '@tawqi/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, ThemeSwitch } from '../components/HeaderControls.js';
import { LegalFooter } from '../components/LegalFooter.js';
import { usePageArrival } from '../pageArrival.js';
import { brand, controls, header, main, page } from './layout.css.js';

export default function PreEnrolmentLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('header');
  usePageArrival();
  return (
    <div className={page}>
      <SkipLink targetId="main" />
      <header className={header}>
        <a className={brand} href="/">
          {t('brand')}
        </a>
        <div className={controls}>
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main className={main} id="main" tabIndex={-1}>
        {children}
      </main>
      <LegalFooter />
    </div>
  );
}

/**
 * Demo mode says so on every page (issue 11): the server marks its pages with
 * `<meta name="tawqi-mode" content="demo">` when it runs the simulators and demo data, and this
 * banner tells a visitor that sign-in, payments and messages there are simulated.
 */
import { useTranslation } from 'react-i18next';
import { demoBanner } from './demoBanner.css.js';

/** Whether the page was served in demo mode (read once, from the server's mark). */
export function servedInDemoMode(root: Pick<Document, 'querySelector'> = document): boolean {
  return root.querySelector('meta[name="tawqi-mode"]')?.getAttribute('content') === 'demo';
}

export function DemoBanner() {
  const { t } = useTranslation('header');
  return (
    <aside className={demoBanner} aria-label={t('demo.label')}>
      <strong>{t('demo.label')}</strong> {t('demo.text')}
    </aside>
  );
}

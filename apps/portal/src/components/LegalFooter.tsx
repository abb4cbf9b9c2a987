/**
 * The legal footer of every page (public, pre-enrolment and sign-in, and the signed-in area): the
 * company's legal name, commercial registration and VAT numbers (the domain's COMPANY, also on the
 * tax invoice), and the subscriber agreement and privacy notice. SPEC §2 lists every route and
 * has none for them, so each opens in a dialog over the page it was asked from, which keeps
 * whatever the person had typed there.
 */
import { COMPANY } from '@tawqi/domain';
import { buttonStyle } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format.js';
import { languageAtom } from '../state/atoms.js';
import { Verbatim } from './Verbatim.js';
import type { LegalDocument } from './LegalDocumentDialog.js';
import { legalFooter, legalLine, legalLinks } from './legalFooter.css.js';

// The dialog's code (React Aria's modal) loads when a document is asked for, not with every page.
const LegalDocumentDialog = lazy(() => import('./LegalDocumentDialog.js'));

export function LegalFooter({ withTagline = false }: { withTagline?: boolean }) {
  const { t } = useTranslation('footer');
  const format = useFormat();
  const language = useAtomValue(languageAtom);
  const [open, setOpen] = useState<LegalDocument | null>(null);
  return (
    <footer className={legalFooter}>
      <p className={legalLine}>
        {t('copyright', { year: format.year(new Date().getFullYear()) })}
        {withTagline ? ` ${t('tagline')}` : null}
      </p>
      <p className={legalLine}>
        {COMPANY.legalName[language]} · {t('legal.registration')}{' '}
        <Verbatim>{COMPANY.commercialRegistration}</Verbatim> · {t('legal.vatNumber')}{' '}
        <Verbatim>{COMPANY.vatNumber}</Verbatim>
      </p>
      <div className={legalLinks}>
        <a href="/verify" className={buttonStyle({ variant: 'ghost', size: 'small' })}>
          {t('legal.verify')}
        </a>
        {(['agreement', 'privacy'] as const).map((document) => (
          // Native buttons in the ui button's style, as the header's: the public pages stay light.
          <button
            key={document}
            type="button"
            className={buttonStyle({ variant: 'ghost', size: 'small' })}
            onClick={() => {
              setOpen(document);
            }}
          >
            {t(`legal.${document}`)}
          </button>
        ))}
      </div>
      {open ? (
        <Suspense fallback={null}>
          <LegalDocumentDialog
            document={open}
            onClose={() => {
              setOpen(null);
            }}
          />
        </Suspense>
      ) : null}
    </footer>
  );
}

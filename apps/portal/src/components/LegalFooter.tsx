/**
 * The legal footer of every page (public, pre-enrolment and sign-in, and the signed-in area): the
 * company's legal name, commercial registration and VAT numbers (the domain's COMPANY, also on the
 * tax invoice), and the subscriber agreement and privacy notice. SPEC §2 lists every route and
 * has none for them, so each opens in a dialog over the page it was asked from, which keeps
 * whatever the person had typed there.
 */
import { COMPANY } from '@tawqi/domain';
import { Button, Dialog } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format.js';
import { languageAtom } from '../state/atoms.js';
import { Verbatim } from './Verbatim.js';
import { documentBody, legalFooter, legalLine, legalLinks } from './legalFooter.css.js';

type LegalDocument = 'agreement' | 'privacy';

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
        {(['agreement', 'privacy'] as const).map((document) => (
          <Button
            key={document}
            variant="ghost"
            size="small"
            onPress={() => {
              setOpen(document);
            }}
          >
            {t(`legal.${document}`)}
          </Button>
        ))}
      </div>
      {open ? (
        <Dialog
          title={t(`documents.${open}.title`)}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setOpen(null);
          }}
        >
          <LegalText document={open} />
        </Dialog>
      ) : null}
    </footer>
  );
}

function LegalText({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('footer');
  const sections = t(`documents.${document}.sections`, { returnObjects: true }) as unknown;
  return (
    <div className={documentBody}>
      {(Array.isArray(sections) ? (sections as { heading: string; body: string }[]) : []).map(
        (section) => (
          <section key={section.heading}>
            <h3>{section.heading}</h3>
            <p>{section.body}</p>
          </section>
        ),
      )}
      <p>{t('legal.updated')}</p>
    </div>
  );
}

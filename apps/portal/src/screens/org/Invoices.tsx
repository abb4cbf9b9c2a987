/**
 * The organization's tax invoices (ours, issue 38: organizations got none): every paid order —
 * counters, role seats, special plans, purchase orders — and the registration fee of the
 * application the organization came from, each with its PDF. Beside the other buying pages.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { InvoiceList } from '../my/Invoices.js';
import { heading, muted, screen, title } from '../my/my.css.js';
import { SectionLinks } from './SectionLinks.js';

export default function Invoices() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('invoices.title')}</h1>
        <SectionLinks section="buying" />
      </div>
      <p className={muted}>{t('invoices.lead')}</p>
      <InvoiceList owner={{ area: 'org', orgSlno: active.slno }} />
    </div>
  );
}

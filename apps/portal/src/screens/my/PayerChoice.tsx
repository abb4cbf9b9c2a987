/**
 * Who pays for signatures: my eSign plan, or the counters of an organization where my role may
 * sign (said in words when there is no organization to choose).
 */
import { isAllowed } from '@tawqi/domain';
import { Select } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { languageAtom, organizationsAtom } from '../../state/atoms.js';
import { muted } from './my.css.js';

export type Payer = number | 'me';

export function PayerChoice({
  value,
  onChange,
  onlyMine,
}: {
  value: Payer;
  onChange: (payer: Payer) => void;
  /** What is said when only my plan can pay (nothing when absent). */
  onlyMine?: string;
}) {
  const { t } = useTranslation('my');
  const language = useAtomValue(languageAtom);
  const payers = useAtomValue(organizationsAtom).filter((organization) =>
    isAllowed(organization, 'sign'),
  );
  if (payers.length === 0) return onlyMine ? <p className={muted}>{onlyMine}</p> : null;
  return (
    <Select
      label={t('signOwn.payer')}
      options={[
        { id: 'me', label: t('signOwn.myPlan') },
        ...payers.map((organization) => ({
          id: organization.slno,
          label: t('signOwn.organizationCounters', {
            organization:
              language === 'ar'
                ? organization.organizationNameArabic
                : organization.organizationName,
          }),
        })),
      ]}
      value={value}
      onChange={(key) => {
        onChange(typeof key === 'number' ? key : 'me');
      }}
    />
  );
}

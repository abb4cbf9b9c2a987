/**
 * KYC renewal (SPEC §1, §7): the signed-in user confirms their identity again through the
 * identity app, with the same pattern as login. Offered from the user menu; on approval the
 * dialog closes and a toast gives the new validity date.
 */
import { formatDate } from '@tawqi/domain';
import { Dialog } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { languageAtom } from '../state/atoms.js';
import { toasts } from '../toasts.js';
import { IdentityApp } from './IdentityApp.js';

export function KycRenewalDialog({
  isOpen,
  onOpenChange,
  onRenewed,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** After a renewal (the account screen reads the new date). */
  onRenewed?: () => void;
}) {
  const { t } = useTranslation('app');
  const language = useAtomValue(languageAtom);
  return (
    <Dialog title={t('kyc.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      <p>{t('kyc.intro')}</p>
      <IdentityApp
        flow="kycRenewal"
        startLabel={t('kyc.start')}
        onApproved={({ kycValidTill }) => {
          onOpenChange(false);
          onRenewed?.();
          toasts.show({
            variant: 'success',
            title: t('kyc.renewed'),
            ...(kycValidTill
              ? { description: t('kyc.validTill', { date: formatDate(kycValidTill, language) }) }
              : {}),
          });
        }}
      />
    </Dialog>
  );
}

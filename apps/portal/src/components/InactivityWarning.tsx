/**
 * The inactivity warning (our addition beside SPEC §4, see the domain's inactivity rule): before
 * an idle session ends, a person is told how long is left and can stay signed in (a keep-alive)
 * or sign out now. Nothing is said every second to a screen reader: the dialog is announced once.
 */
import { formatClock } from '@tawqi/domain';
import { Button, Dialog } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { languageAtom } from '../state/atoms.js';

export default function InactivityWarning({
  leftMs,
  onStay,
  onSignOut,
}: {
  leftMs: number;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('app');
  const language = useAtomValue(languageAtom);
  return (
    <Dialog
      title={t('inactivity.title')}
      role="alertdialog"
      isOpen
      onOpenChange={(isOpen) => {
        // Escape or closing it means "I am here".
        if (!isOpen) onStay();
      }}
      footer={() => (
        <>
          <Button variant="secondary" onPress={onSignOut}>
            {t('inactivity.signOut')}
          </Button>
          <Button onPress={onStay} autoFocus>
            {t('inactivity.stay')}
          </Button>
        </>
      )}
    >
      <p>{t('inactivity.text', { time: formatClock(leftMs / 1000, language) })}</p>
    </Dialog>
  );
}

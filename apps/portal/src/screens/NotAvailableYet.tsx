/** A route whose screen comes with a later stage: said plainly, nothing pretending to work. */
import { EmptyState, Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';

export default function NotAvailableYet({ stage }: { stage: 'organization' }) {
  const { t } = useTranslation('index');
  return (
    <section aria-labelledby="not-yet-title">
      <h1 id="not-yet-title">{t('notYet.title')}</h1>
      <EmptyState
        title={t(`notYet.${stage}`)}
        description={t('notYet.hint')}
        action={<Link href="/">{t('notFound.home')}</Link>}
      />
    </section>
  );
}

import { EmptyState, Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';

export default function NotFound() {
  const { t } = useTranslation('index');
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <EmptyState
        title={t('notFound.lead')}
        description={t('notFound.hint')}
        action={<Link href="/">{t('notFound.home')}</Link>}
      />
    </section>
  );
}

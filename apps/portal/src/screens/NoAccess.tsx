/**
 * An organization page the person's role there does not allow (domain `ORG_ROUTE_ACTIONS` and
 * `PERMISSIONS`, the table the server authorizes with): said plainly, with the way back.
 */
import { EmptyState, Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { ORG_PATHS } from '../paths.js';

export default function NoAccess({ organization }: { organization: string }) {
  const { t } = useTranslation('index');
  return (
    <section aria-labelledby="no-access-title">
      <h1 id="no-access-title">{t('noAccess.title')}</h1>
      <EmptyState
        title={t('noAccess.title')}
        description={t('noAccess.body', { organization })}
        action={<Link href={ORG_PATHS.index}>{t('noAccess.back')}</Link>}
      />
    </section>
  );
}

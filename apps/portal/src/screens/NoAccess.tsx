/**
 * An organization or provider page the person's role there does not allow (domain
 * `ORG_ROUTE_ACTIONS`, `PROVIDER_ROUTE_ACTIONS` and `PERMISSIONS`, the table the server authorizes
 * with): said plainly, with the way back. A provider's pages are its staff's alone (issue 36): a
 * person on no provider's staff is told so, and led back to their own area.
 */
import { EmptyState, Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { MY_PATHS, ORG_PATHS, PROVIDER_PATHS } from '../paths.js';

export default function NoAccess({
  organization,
  area = 'org',
}: {
  /** The organization's or provider's name; null for a person on no provider's staff. */
  organization: string | null;
  area?: 'org' | 'provider';
}) {
  const { t } = useTranslation('index');
  const [body, back, href] =
    area === 'org'
      ? [t('noAccess.body', { organization }), t('noAccess.back'), ORG_PATHS.index]
      : organization === null
        ? [t('noAccess.notStaff'), t('noAccess.backToMine'), MY_PATHS.dashboard]
        : [
            t('noAccess.providerBody', { provider: organization }),
            t('noAccess.backToProvider'),
            PROVIDER_PATHS.index,
          ];
  return (
    <section aria-labelledby="no-access-title">
      <h1 id="no-access-title">{t('noAccess.title')}</h1>
      <EmptyState
        title={t('noAccess.title')}
        description={body}
        action={<Link href={href}>{back}</Link>}
      />
    </section>
  );
}

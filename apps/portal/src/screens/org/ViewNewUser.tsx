/**
 * One new-user (UAV) request on its own page (SPEC §2 `/app/org/manage/users/uav/viewuav`,
 * `?id=`): where submitting a request leads, and a link an admin can keep. An id that is not a
 * request of the active organization is "not found", as the server answers.
 */
import { useAtomValue } from 'jotai';
import { EmptyState, Link } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { ORG_PATHS } from '../../paths.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, screen, title } from '../my/my.css.js';
import { NewUserRequest } from './NewUsers.js';

export default function ViewNewUser() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('newUsers.viewTitle')}</h1>
        <Link href={ORG_PATHS.newUsers}>{t('newUsers.toRequests')}</Link>
      </div>
      {Number.isInteger(id) && id > 0 ? (
        <NewUserRequest key={id} organization={active.slno} id={id} />
      ) : (
        <EmptyState title={t('newUsers.noRequest')} />
      )}
    </div>
  );
}

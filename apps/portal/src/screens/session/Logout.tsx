/**
 * /logout: the server revokes the session; this device forgets it; then the login page, told why
 * when inactivity ended the session (`?signedOut=inactive&minutes=N`, kept for the login page).
 */
import { ROUTES, SIGNED_OUT_INACTIVE } from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { CONTRACT } from '@tawqi/api';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { centered } from '../../layouts/layout.css.js';
import { sessionAtom } from '../../state/atoms.js';
import { clearSessionStorage } from '../../state/storage.js';

export default function Logout() {
  const { t } = useTranslation('login');
  const setSession = useSetAtom(sessionAtom);
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const why = new URLSearchParams(search);
    const reason =
      why.get('signedOut') === SIGNED_OUT_INACTIVE
        ? `?signedOut=${SIGNED_OUT_INACTIVE}&minutes=${encodeURIComponent(why.get('minutes') ?? '')}`
        : '';
    const finish = () => {
      api.clearSession();
      clearSessionStorage();
      setSession(null);
      navigate(`${ROUTES.login}${reason}`, { replace: true });
    };
    if (api.hasSession()) void api.call(CONTRACT.logout, { body: {} }).then(finish, finish);
    else finish();
    // Once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={centered}>
      <Spinner size="large" showLabel label={t('signingOut')} />
    </div>
  );
}

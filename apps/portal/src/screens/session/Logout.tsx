/** /logout: the server revokes the session; this device forgets it; then the login page. */
import { ROUTES } from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { CONTRACT } from '@tawqi/api';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { centered } from '../../layouts/layout.css.js';
import { sessionAtom } from '../../state/atoms.js';
import { clearSessionStorage } from '../../state/storage.js';

export default function Logout() {
  const { t } = useTranslation('login');
  const setSession = useSetAtom(sessionAtom);
  const [, navigate] = useLocation();
  useEffect(() => {
    const finish = () => {
      api.clearSession();
      clearSessionStorage();
      setSession(null);
      navigate(ROUTES.login, { replace: true });
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

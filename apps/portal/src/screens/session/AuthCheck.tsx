/**
 * /auth-check (SPEC §2): no stored refresh token → login; a token and no session → refresh,
 * then continue or go to login (removing the token); a session → proceed, to `from` if present.
 * The decisions are the domain's.
 */
import {
  ROUTES,
  STORAGE_KEYS,
  authCheck,
  authCheckAfterRefresh,
  type AuthCheckStep,
} from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { dashboardFor } from '../../session.js';
import { sessionAtom } from '../../state/atoms.js';
import { storage } from '../../state/storage.js';
import { store } from '../../state/store.js';
import { centered } from '../../layouts/layout.css.js';

export default function AuthCheck() {
  const { t } = useTranslation('login');
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useAtomValue(sessionAtom);

  useEffect(() => {
    const from = new URLSearchParams(search).get('from');
    const act = (step: AuthCheckStep) => {
      if (step.type === 'go-to-login') {
        if (step.removeRefreshToken) storage.remove(STORAGE_KEYS.refreshToken);
        navigate(
          step.from ? `${ROUTES.login}?from=${encodeURIComponent(step.from)}` : ROUTES.login,
          { replace: true },
        );
      } else if (step.type === 'proceed') {
        const current = store.get(sessionAtom);
        navigate(
          step.navigateTo ?? (current ? dashboardFor(current) : ROUTES.individualDashboard),
          { replace: true },
        );
      } else {
        void api.restoreSession().then((outcome) => {
          act(authCheckAfterRefresh(outcome, from));
        });
      }
    };
    act(
      authCheck({
        hasRefreshToken: storage.get(STORAGE_KEYS.refreshToken) !== null,
        hasSession: session !== null,
        from,
      }),
    );
    // Runs once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className={centered}>
      <Spinner size="large" showLabel label={t('checking')} />
    </div>
  );
}

/**
 * The organization's logo on its signatures (issue 44; the profile's last tab): the stamp of a
 * signature its counters pay for may show it. Members see it; an Enrolment Admin uploads or
 * removes it. The image comes in base64 and is shown as a data address (the portal's CSP allows
 * images of this origin and data: only).
 */
import { CONTRACT, LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_MIN_SIDE } from '@tawqi/api';
import { isAllowed } from '@tawqi/domain';
import { Button, EmptyState, ErrorState, FileButton, Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom, languageAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, muted, section } from '../my/my.css.js';
import { logoFrame } from './org.css.js';

export function SignatureLogo() {
  const { t } = useTranslation('org');
  const format = useFormat();
  const active = useAtomValue(activeOrganizationAtom);
  const language = useAtomValue(languageAtom);
  const orgSlno = active?.slno ?? 0;
  const mayChange = active ? isAllowed(active, 'manageProfile') : false;
  const logo = useApi(CONTRACT.organizationLogo, { params: { orgSlno } });
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const stored = logo.data?.logo ?? null;
  const shown = stored ? `data:${stored.mediaType};base64,${stored.content}` : null;

  const change = async (work: () => Promise<unknown>, kind: 'upload' | 'remove') => {
    setBusy(kind);
    try {
      await work();
      toasts.show({
        variant: 'success',
        title: t(kind === 'upload' ? 'profile.logo.uploaded' : 'profile.logo.removed'),
      });
      logo.reload();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const name = active
    ? language === 'ar'
      ? active.organizationNameArabic
      : active.organizationName
    : '';
  let body;
  if (logo.status === 'failed')
    body = <ErrorState message={logo.message} retryAt={logo.retryAt} onRetry={logo.reload} />;
  else if (!logo.data) body = <Spinner showLabel />;
  else if (!shown) body = <EmptyState title={t('profile.logo.none')} />;
  else
    body = (
      <div className={logoFrame}>
        <img src={shown} alt={t('profile.logo.alt', { name })} />
      </div>
    );

  return (
    <div className={section}>
      <p className={muted}>
        {t('profile.logo.lead', {
          min: format.number(LOGO_MIN_SIDE),
          max: format.number(LOGO_MAX_SIDE),
          size: format.number(LOGO_MAX_BYTES / 1024),
        })}
      </p>
      {body}
      {mayChange ? (
        <div className={actions}>
          <FileButton
            acceptedFileTypes={['image/png', 'image/jpeg']}
            isPending={busy === 'upload'}
            isDisabled={busy !== null}
            onSelect={([chosen]) => {
              if (chosen)
                void change(
                  () =>
                    api.call(CONTRACT.uploadOrganizationLogo, {
                      params: { orgSlno },
                      file: chosen,
                    }),
                  'upload',
                );
            }}
          >
            {shown ? t('profile.logo.replace') : t('profile.logo.upload')}
          </FileButton>
          {shown ? (
            <Button
              variant="secondary"
              isPending={busy === 'remove'}
              isDisabled={busy !== null}
              onPress={() => {
                void change(
                  () => api.call(CONTRACT.removeOrganizationLogo, { params: { orgSlno } }),
                  'remove',
                );
              }}
            >
              {t('profile.logo.remove')}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className={muted}>{t('profile.logo.adminsOnly')}</p>
      )}
    </div>
  );
}

/**
 * New-user (UAV) requests (SPEC §2 `/app/org/manage/users/uav`, §3 "New UAV request row"): the
 * active organization's requests to add people, filtered by status, dates and text from the URL;
 * a row opens the request (who it adds, the membership asked for, who made and who decided it),
 * which an Enrolment Admin can cancel while it is open. Adding a person starts from here.
 */
import { CONTRACT } from '@tawqi/api';
import { uavRequestsGrid } from '@tawqi/api/grids';
import { UAV_REQUEST_STATUSES, queryIdOf } from '@tawqi/domain';
import { Button, Link } from '@tawqi/ui';
import { ReadState } from '../../components/ReadState.js';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { ORG_PATHS } from '../../paths.js';
import { invalidate, useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, heading, screen, title } from '../my/my.css.js';
import { documentsFact } from './Documents.js';
import { Facts, shown } from '../../components/Facts.js';

/** After a request changed: its lists (and the users it adds or takes away). */
export const refreshNewUsers = () =>
  Promise.all([
    invalidate(CONTRACT.uavRequestsGrid.area),
    invalidate(CONTRACT.newUserRequests.area),
  ]);

/** Cancel an open request, after asking. */
function Cancel({ organization, id, name }: { organization: number; id: number; name: string }) {
  const { t } = useTranslation('org');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await api.call(CONTRACT.cancelUavRequest, { body: { orgSlNo: organization, id } });
      toasts.show({ variant: 'success', title: t('newUsers.cancelled', { name }) });
      setAsking(false);
    } catch (error) {
      // Decided meanwhile: the server says so, and the refreshed request shows how.
      reportFailure(error);
      setAsking(false);
    } finally {
      setBusy(false);
      await refreshNewUsers();
    }
  };
  return (
    <>
      <div className={actions}>
        <Button
          variant="danger"
          onPress={() => setAsking(true)}
          aria-label={t('newUsers.cancelNamed', { name })}
        >
          {t('newUsers.cancel')}
        </Button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('newUsers.cancelTitle', { name })}
          keepLabel={t('newUsers.keep')}
          confirmLabel={t('newUsers.cancel')}
          variant="danger"
          busy={busy}
          onConfirm={() => void cancel()}
          onClose={() => setAsking(false)}
        >
          <p>{t('newUsers.cancelText')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** One request: the person, the membership asked for, its course; cancellable while open. */
export function NewUserRequest({ organization, id }: { organization: number; id: number }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const request = useApi(CONTRACT.uavRequestDetails, { body: { orgSlNo: organization, id } });
  if (request.status === 'failed' || !request.data) return <ReadState read={request} small />;
  const data = request.data;
  const name = format.language === 'ar' ? data.fullNameArabic : data.fullNameEnglish;
  return (
    <div>
      <Facts
        label={t('newUsers.requestOf', { name })}
        facts={[
          [t('users.detail.nameEnglish'), <Verbatim key="en">{data.fullNameEnglish}</Verbatim>],
          [t('users.detail.nameArabic'), data.fullNameArabic],
          [t('users.detail.nationalId'), <Verbatim key="id">{data.nationalID}</Verbatim>],
          [t('users.detail.nationality'), shown(data.nationality)],
          [t('newUsers.role'), data.userType],
          [t('users.detail.unit'), shown(data.organizationUnit)],
          [t('users.detail.employeeId'), <Verbatim key="employee">{data.employeeId}</Verbatim>],
          [t('users.detail.email'), <Verbatim key="email">{data.email}</Verbatim>],
          [t('users.detail.mobile'), <Verbatim key="mobile">{data.mobileNo}</Verbatim>],
          [
            t('users.detail.status'),
            <Status key="status" status={UAV_REQUEST_STATUSES[data.status]} />,
          ],
          [t('newUsers.requested'), format.dateTime(data.createdDate)],
          [t('newUsers.createdBy'), shown(data.createdBy)],
          [t('newUsers.decidedBy'), shown(data.processedBy)],
          [
            t('newUsers.decided'),
            data.processedDate ? format.dateTime(data.processedDate) : shown(null),
          ],
          [t('approvals.remarks'), <Verbatim key="remarks">{shown(data.remarks)}</Verbatim>],
          documentsFact(t('documents.title'), { organization }, data.documents),
        ]}
      />
      {data.cancellable ? <Cancel organization={organization} id={data.id} name={name} /> : null}
    </div>
  );
}

export default function NewUserRequests() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [, navigate] = useLocation();
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('newUsers.title')}</h1>
        <div className={actions}>
          <Link href={ORG_PATHS.manageUsers}>{t('newUsers.toUsers')}</Link>
          <Button onPress={() => navigate(ORG_PATHS.createNewUser)}>{t('newUsers.add')}</Button>
        </div>
      </div>
      <GridScreen
        grid={uavRequestsGrid}
        label={t('newUsers.title')}
        emptyTitle={t('newUsers.empty')}
        searchLabel={t('newUsers.search')}
        organization={{ slno: active.slno, queryId: queryIdOf(active) }}
        renderDetail={(row) => <NewUserRequest organization={active.slno} id={row.id} />}
      />
    </div>
  );
}

/**
 * Approvals of new users (SPEC §2 `approval/user`, §3 "New user approval detail", §7
 * "Organization approvals"): the active organization's new-user requests, starting on Approved or
 * Pending (SPEC §4), filtered and paged from the URL, exported as OrganizationUserNewRequest.xlsx.
 * A row opens the request's detail; an open request is approved, or rejected with remarks (the
 * person is told why). The admin who made a request sees why they cannot decide it: another
 * Enrolment Admin does. A request someone else decided meanwhile says so and shows the decision.
 * Change requests come with the rest of issue 14.
 */
import { CONTRACT } from '@tawqi/api';
import { newUserApprovalsGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { Button, Dialog, ErrorState, Spinner, TextField } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { invalidate, useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { details, detailTerm, detailValue } from './org.css.js';

/** After a decision (or a refusal that means the list is stale): every approval and user list. */
const refresh = () =>
  Promise.all([
    invalidate(CONTRACT.newUserRequests.area),
    invalidate(CONTRACT.manageUsersGrid.area),
  ]);

function Request({ organization, userSlno }: { organization: number; userSlno: number }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const request = useApi(CONTRACT.newUserRequestDetails, {
    body: { orgSlNo: organization, userSlNo: userSlno },
  });
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [remarks, setRemarks] = useState('');
  const [tried, setTried] = useState(false);

  const decide = async (action: 'approve' | 'reject') => {
    setBusy(action);
    try {
      await api.call(CONTRACT.processNewUserRequest, {
        body: {
          orgSlNo: organization,
          userSlNo: userSlno,
          action,
          ...(action === 'reject' ? { remarks: remarks.trim() } : {}),
        },
      });
      toasts.show({
        variant: 'success',
        title: t(action === 'approve' ? 'approvals.approved' : 'approvals.rejected'),
      });
      setRejecting(false);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  if (request.status === 'failed')
    return <ErrorState message={request.message} onRetry={request.reload} />;
  if (!request.data) return <Spinner size="small" showLabel />;
  const data = request.data;
  const name = format.language === 'ar' ? data.fullNameArabic : data.fullNameEnglish;
  const shown = (value: string | null) => (value === null || value === '' ? '—' : value);
  const facts: [string, React.ReactNode][] = [
    [t('users.detail.nameEnglish'), <Verbatim key="en">{data.fullNameEnglish}</Verbatim>],
    [t('users.detail.nameArabic'), data.fullNameArabic],
    [t('users.detail.employeeId'), <Verbatim key="employee">{data.employeeId}</Verbatim>],
    [t('users.detail.unit'), shown(data.organizationUnit)],
    [t('users.detail.email'), <Verbatim key="email">{data.email}</Verbatim>],
    [t('users.detail.mobile'), <Verbatim key="mobile">{`${data.isdCode} ${data.phone}`}</Verbatim>],
    [t('users.detail.nationality'), shown(data.nationality)],
    [t('users.detail.nationalId'), <Verbatim key="id">{data.maskedNationalId}</Verbatim>],
    [t('approvals.kyc'), data.kycStatus],
    [t('users.detail.status'), <Status key="status" status={data.status} />],
    ...(data.remarks
      ? ([[t('approvals.remarks'), <Verbatim key="remarks">{data.remarks}</Verbatim>]] as [
          string,
          React.ReactNode,
        ][])
      : []),
  ];
  const missing = tried && remarks.trim() === '';
  return (
    <div>
      <dl className={details} aria-label={t('users.detail.of', { name })}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className={detailTerm}>{term}</dt>
            <dd className={detailValue}>{value}</dd>
          </div>
        ))}
      </dl>
      {data.status !== 'Pending' ? null : data.createdByYou ? (
        <p className={muted}>{t('approvals.ownRequest')}</p>
      ) : (
        <div className={actions}>
          <Button
            onPress={() => void decide('approve')}
            isPending={busy === 'approve'}
            isDisabled={busy !== null}
            aria-label={t('approvals.approveNamed', { name })}
          >
            {t('approvals.approve')}
          </Button>
          <Button
            variant="danger"
            onPress={() => {
              setTried(false);
              setRejecting(true);
            }}
            isDisabled={busy !== null}
            aria-label={t('approvals.rejectNamed', { name })}
          >
            {t('approvals.reject')}
          </Button>
        </div>
      )}
      {rejecting ? (
        <Dialog
          title={t('approvals.rejectTitle', { name })}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen && busy === null) setRejecting(false);
          }}
          footer={(close) => (
            <>
              <Button variant="secondary" onPress={close} isDisabled={busy !== null}>
                {t('approvals.keep')}
              </Button>
              <Button
                variant="danger"
                isPending={busy === 'reject'}
                onPress={() => {
                  setTried(true);
                  if (remarks.trim() !== '') void decide('reject');
                }}
              >
                {t('approvals.reject')}
              </Button>
            </>
          )}
        >
          <TextField
            label={t('approvals.remarks')}
            description={t('approvals.remarksHint')}
            multiline
            isRequired
            value={remarks}
            onChange={setRemarks}
            isInvalid={missing}
            {...(missing ? { errorMessage: t('approvals.remarksRequired') } : {})}
          />
        </Dialog>
      ) : null}
    </div>
  );
}

export default function Approvals() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('approvals.title')}</h1>
      </div>
      {active ? (
        <GridScreen
          grid={newUserApprovalsGrid}
          label={t('approvals.title')}
          emptyTitle={t('approvals.empty')}
          searchLabel={t('approvals.search')}
          organization={{ slno: active.slno, queryId: queryIdOf(active) }}
          renderDetail={(row) => <Request organization={active.slno} userSlno={row.userSlno} />}
        />
      ) : null}
    </div>
  );
}

/**
 * Approvals of new users (SPEC §2 `approval/user`, §3 "New user approval detail", §7
 * "Organization approvals"): the active organization's new-user requests, starting on Approved or
 * Pending (SPEC §4), filtered and paged from the URL, exported as OrganizationUserNewRequest.xlsx.
 * A row opens the request's detail; an open request is approved, or rejected with remarks (the
 * person is told why). The admin who made a request sees why they cannot decide it: another
 * Enrolment Admin does. A request someone else decided meanwhile says so and shows the decision.
 * The second tab is members' change requests (e-mail, mobile, unit): what is and what is asked
 * for, decided the same way; an approved change is made; exported as
 * OrganizationUserChangeRequest.xlsx (SPEC §2: each approval list has an export).
 */
import { CONTRACT } from '@tawqi/api';
import { changeRequestsGrid, newUserApprovalsGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { Tabs } from '@tawqi/ui';
import { ReadState } from '../../components/ReadState.js';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { invalidate, useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, screen, title } from '../my/my.css.js';
import { addressFacts } from './addressFacts.js';
import { Decision } from './Decision.js';
import { documentsFact } from './Documents.js';
import { Facts, shown } from '../../components/Facts.js';
import { SectionLinks } from './SectionLinks.js';

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
  if (request.status === 'failed' || !request.data) return <ReadState read={request} small />;
  const data = request.data;
  const name = format.language === 'ar' ? data.fullNameArabic : data.fullNameEnglish;
  return (
    <div>
      <Facts
        label={t('users.detail.of', { name })}
        facts={[
          [t('users.detail.nameEnglish'), <Verbatim key="en">{data.fullNameEnglish}</Verbatim>],
          [t('users.detail.nameArabic'), data.fullNameArabic],
          [t('users.detail.employeeId'), <Verbatim key="employee">{data.employeeId}</Verbatim>],
          [t('users.detail.unit'), shown(data.organizationUnit)],
          [t('users.detail.email'), <Verbatim key="email">{data.email}</Verbatim>],
          [
            t('users.detail.mobile'),
            <Verbatim key="mobile">{`${data.isdCode} ${data.phone}`}</Verbatim>,
          ],
          [t('users.detail.nationality'), shown(data.nationality)],
          [t('users.detail.nationalId'), <Verbatim key="id">{data.maskedNationalId}</Verbatim>],
          ...addressFacts(t, data),
          [t('approvals.kyc'), data.kycStatus],
          [t('users.detail.status'), <Status key="status" status={data.status} />],
          [t('approvals.remarks'), <Verbatim key="remarks">{shown(data.remarks)}</Verbatim>],
          documentsFact(t('documents.title'), { organization }, data.documents),
        ]}
      />
      {data.status === 'Pending' ? (
        <Decision
          name={name}
          createdByYou={data.createdByYou}
          approvedText={t('approvals.approved')}
          onSettled={refresh}
          send={(action, remarks) =>
            api.call(CONTRACT.processNewUserRequest, {
              body: {
                orgSlNo: organization,
                userSlNo: userSlno,
                action,
                ...(action === 'reject' ? { remarks } : {}),
              },
            })
          }
        />
      ) : null}
    </div>
  );
}

function Change({
  organization,
  row,
}: {
  organization: number;
  row: {
    userSlno: number;
    changeRequestSlno: number;
    fullNameEnglish: string;
    fullNameArabic: string;
  };
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const ids = {
    orgSlNo: organization,
    userSlNo: row.userSlno,
    changeRequestSlno: row.changeRequestSlno,
  };
  const change = useApi(CONTRACT.changeRequestDetails, { body: ids });
  if (change.status === 'failed' || !change.data) return <ReadState read={change} small />;
  const data = change.data;
  const name = format.language === 'ar' ? row.fullNameArabic : row.fullNameEnglish;
  return (
    <div>
      <Facts
        label={t('approvals.changeOf', { name })}
        facts={[
          [t('approvals.change'), data.changeType],
          // Once made, the value shown is the one the change replaced, not the member's now.
          [
            t(data.status === 'Approved' ? 'approvals.before' : 'approvals.current'),
            <Verbatim key="current">{shown(data.currentValue)}</Verbatim>,
          ],
          [t('approvals.asked'), <Verbatim key="asked">{shown(data.newValue)}</Verbatim>],
          [t('users.detail.status'), <Status key="status" status={data.status} />],
          [t('approvals.remarks'), <Verbatim key="remarks">{shown(data.remarks)}</Verbatim>],
        ]}
      />
      {data.status === 'Pending' ? (
        <Decision
          name={name}
          createdByYou={data.createdByYou}
          approvedText={t('approvals.changeApproved')}
          onSettled={refresh}
          send={(action, remarks) =>
            api.call(CONTRACT.processChangeRequest, {
              body: { ...ids, action, ...(action === 'reject' ? { remarks } : {}) },
            })
          }
        />
      ) : null}
    </div>
  );
}

const TABS = ['users', 'changes'] as const;

export default function Approvals() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'users';
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active) };
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('approvals.title')}</h1>
        <SectionLinks section="approvals" />
      </div>
      <Tabs
        label={t('approvals.title')}
        selectedKey={tab}
        onSelectionChange={(key) => {
          // A tab starts on its own first page and filter.
          setParams(key === 'users' ? {} : { tab: String(key) });
        }}
        items={[
          {
            id: 'users',
            label: t('approvals.tabs.users'),
            content: (
              <GridScreen
                grid={newUserApprovalsGrid}
                label={t('approvals.tabs.users')}
                emptyTitle={t('approvals.empty')}
                searchLabel={t('approvals.search')}
                organization={organization}
                renderDetail={(row) => (
                  <Request organization={active.slno} userSlno={row.userSlno} />
                )}
              />
            ),
          },
          {
            id: 'changes',
            label: t('approvals.tabs.changes'),
            content: (
              <GridScreen
                grid={changeRequestsGrid}
                label={t('approvals.tabs.changes')}
                emptyTitle={t('approvals.noChanges')}
                searchLabel={t('approvals.searchChanges')}
                organization={organization}
                renderDetail={(row) => <Change organization={active.slno} row={row} />}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * L2 provider requests (SPEC §2 `approval/ltwo`, §3 "L2 request row"), in the provider area of an
 * L1 provider, for its staff (issue 36): the providers applying to work under it, starting
 * on Approved or Pending (SPEC §4), filtered and paged from the URL. A row opens the application:
 * the request (`l2sip/view`: provider, admins, documents, the decision so far) and the
 * organization behind it (`l2org/orgView`, whose errorMessage is raised as the error, SPEC §8).
 * A pending one is approved — the provider becomes active and its admins can sign in — or refused
 * with remarks the applicants read. A request another admin decided meanwhile says so.
 */
import { CONTRACT } from '@tawqi/api';
import { l2RequestsGrid } from '@tawqi/api/grids';
import { ErrorState } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { ReadState } from '../../components/ReadState.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { invalidate, useApi } from '../../queries.js';
import { plainList } from '../my/my.css.js';
import { Decision } from '../org/Decision.js';
import { documentsFact } from '../org/Documents.js';
import { Facts, shown } from '../../components/Facts.js';
import { ProviderScreen } from './ProviderScreen.js';

interface Contact {
  name: string;
  email: string;
  mobile: string;
}

/** A person to reach, as one line: name, e-mail, mobile. */
function contactLine(contact: Contact | undefined) {
  if (!contact) return '—';
  return (
    <>
      {contact.name} · <Verbatim>{contact.email}</Verbatim> · <Verbatim>{contact.mobile}</Verbatim>
    </>
  );
}

/** The organization behind the application (SPEC §8: its errorMessage is the error shown). */
function Organization({ provider, organization }: { provider: number; organization: number }) {
  const { t } = useTranslation('org');
  const read = useApi(CONTRACT.l2OrganizationView, {
    body: { l1SipId: provider, l2OrgId: organization },
  });
  if (read.status === 'failed' || !read.data) return <ReadState read={read} small />;
  const { errorMessage, organization: profile, sponsors, technicalContacts } = read.data;
  if (errorMessage || !profile)
    return (
      <ErrorState
        message={errorMessage ?? t('providers.approvals.organizationFailed')}
        onRetry={read.reload}
      />
    );
  return (
    <Facts
      label={profile.organizationName}
      facts={[
        [t('providers.approvals.organization'), profile.organizationName],
        [t('providers.approvals.crNumber'), <Verbatim key="cr">{profile.crNumber}</Verbatim>],
        [
          t('providers.approvals.unifiedNumber'),
          <Verbatim key="unified">{profile.unifiedOrgNo}</Verbatim>,
        ],
        [t('providers.approvals.email'), <Verbatim key="email">{profile.email}</Verbatim>],
        [
          t('providers.approvals.phone'),
          <Verbatim key="phone">{profile.telephoneNumber}</Verbatim>,
        ],
        [
          t('providers.approvals.address'),
          [profile.address, profile.city, profile.state, profile.country]
            .filter(Boolean)
            .join('، '),
        ],
        [t('providers.approvals.sponsor'), contactLine(sponsors[0])],
        [t('providers.approvals.technicalContact'), contactLine(technicalContacts[0])],
      ]}
    />
  );
}

/** One application: the organization, the request, its admins and documents, and the decision. */
function Application({ provider, requestId }: { provider: number; requestId: number }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const read = useApi(CONTRACT.l2RequestView, { body: { l1SipId: provider, requestId } });
  if (read.status === 'failed' || !read.data) return <ReadState read={read} small />;
  const data = read.data;
  return (
    <div>
      <Organization provider={provider} organization={data.l2OrgId} />
      <Facts
        label={t('providers.approvals.of', { name: data.sipName })}
        facts={[
          [t('providers.approvals.kind'), data.kindLabel],
          // An organization's application names no provider of its own (issue 38).
          ...(data.kind === 'l2Provider'
            ? ([
                [t('providers.approvals.provider'), data.sipName],
                [t('providers.approvals.providerId'), <Verbatim key="id">{data.l2sipId}</Verbatim>],
              ] as const)
            : []),
          [t('providers.approvals.submitted'), data.originator],
          [
            t('providers.approvals.admins'),
            data.admins.length === 0 ? (
              '—'
            ) : (
              <ul
                key="admins"
                className={plainList}
                aria-label={t('providers.approvals.adminsLabel', { name: data.sipName })}
              >
                {data.admins.map((admin) => (
                  <li key={admin.email}>
                    {admin.fullName} · <Verbatim>{admin.email}</Verbatim> ·{' '}
                    <Verbatim>{admin.mobileNumber}</Verbatim>
                  </li>
                ))}
              </ul>
            ),
          ],
          documentsFact(t('documents.title'), { l1Provider: provider }, data.documents),
          [t('users.detail.status'), <Status key="status" status={data.status} />],
          [t('providers.approvals.decidedBy'), shown(data.processedBy)],
          [
            t('providers.approvals.decidedOn'),
            data.processedDate ? format.dateTime(data.processedDate) : '—',
          ],
          [t('providers.approvals.remarks'), shown(data.remarks)],
        ]}
      />
      {data.status === 'Pending' ? (
        <Decision
          name={data.sipName}
          createdByYou={false}
          approvedText={t(
            data.kind === 'organization'
              ? 'providers.approvals.approvedOrganization'
              : 'providers.approvals.approved',
          )}
          rejectedText={t('providers.approvals.rejected')}
          remarksHint={t('providers.approvals.remarksHint')}
          onSettled={() => invalidate(CONTRACT.l2RequestsGrid.area, CONTRACT.l2Sips.area)}
          send={(action, remarks) =>
            api.call(
              CONTRACT.processL2Request,
              {
                body: {
                  l1SipId: provider,
                  requestId,
                  action,
                  ...(action === 'reject' ? { remarks } : {}),
                },
              },
              { idempotencyKey: crypto.randomUUID() },
            )
          }
        />
      ) : null}
    </div>
  );
}

export default function L2Approvals() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('providers.approvals.title')} lead={t('providers.approvals.lead')}>
      {({ provider }) => (
        <GridScreen
          grid={l2RequestsGrid}
          label={t('providers.approvals.title')}
          emptyTitle={t('providers.approvals.empty')}
          searchLabel={t('providers.approvals.search')}
          provider={provider}
          renderDetail={(row) => <Application provider={provider} requestId={row.requestId} />}
        />
      )}
    </ProviderScreen>
  );
}

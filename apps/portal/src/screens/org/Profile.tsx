/**
 * The organization profile (SPEC §2 `account` and `orgProfile`, the same six tabs; SPEC §3
 * "Organization profile"): units with their supporting documents, details, certificate, sponsors,
 * technical contacts and admins. The tab lives in the URL (`?tab=`), the units' page too; every
 * tab reads the active organization's, and reads again when it changes.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { organizationUnitsGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import {
  DataGrid,
  EmptyState,
  ErrorState,
  Spinner,
  StatusBadge,
  Tabs,
  type DataGridColumn,
} from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { GridScreen } from '../../components/GridScreen.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { activeOrganizationAtom, languageAtom } from '../../state/atoms.js';
import { useApi } from '../../queries.js';
import { heading, screen, title } from '../my/my.css.js';
import { contactsLine } from './org.css.js';
import { ReadState } from '../../components/ReadState.js';
import { Facts, shown } from '../../components/Facts.js';
import { SignatureLogo } from './SignatureLogo.js';

const TABS = ['units', 'details', 'certificate', 'sponsors', 'contacts', 'admins', 'logo'] as const;
type Tab = (typeof TABS)[number];

type Profile = EndpointOutput<typeof CONTRACT.organizationProfileView>;
type Person = EndpointOutput<typeof CONTRACT.sponsors>['dataList'][number];
type Admin = EndpointOutput<typeof CONTRACT.organizationAdmins>['dataList'][number];

/** The active organization's slno; its screens are reached only with one (OrgArea's guard). */
function useOrganization(): number {
  return useAtomValue(activeOrganizationAtom)?.slno ?? 0;
}

const DETAIL_FIELDS = [
  'organizationName',
  'sipId',
  'dbaName',
  'dbaNameArabic',
  'crNumber',
  'unifiedOrgNo',
  'email',
  'validTill',
  'telephoneNumber',
  'address',
  'country',
  'state',
  'city',
  'postalCode',
  'digitalSealStatus',
  'remarks',
] as const satisfies readonly (keyof Profile)[];

/**
 * Fields shown as registered, not translated: codes, numbers and the street address (kept in the
 * language it was registered in), and a reviewer's remarks as written.
 */
const VERBATIM_FIELDS = new Set<string>([
  'sipId',
  'crNumber',
  'unifiedOrgNo',
  'email',
  'telephoneNumber',
  'address',
  'postalCode',
  'remarks',
]);

function Details() {
  const { t } = useTranslation('org');
  const format = useFormat();
  const org = useOrganization();
  const call = useApi(CONTRACT.organizationProfileView, { params: { orgSlno: org } });
  if (call.status === 'failed' || !call.data) return <ReadState read={call} />;
  const profile = call.data;
  return (
    <Facts
      facts={DETAIL_FIELDS.map((field) => {
        const value = profile[field];
        const text = field === 'validTill' && value ? format.date(value) : shown(value);
        return [
          t(`profile.details.${field}`),
          VERBATIM_FIELDS.has(field) ? (
            <Verbatim>{text}</Verbatim>
          ) : field === 'dbaName' ? (
            // The English trade name is English on an Arabic page too: said so, for readers and checks.
            <span lang="en">{text}</span>
          ) : (
            text
          ),
        ];
      })}
    />
  );
}

function Units() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  return (
    <GridScreen
      grid={organizationUnitsGrid}
      label={t('profile.tabs.units')}
      emptyTitle={t('profile.units.empty')}
      organization={{ slno: active.slno, queryId: queryIdOf(active) }}
    />
  );
}

function Certificate() {
  const { t } = useTranslation('org');
  const format = useFormat();
  const org = useOrganization();
  const call = useApi(CONTRACT.organizationCertificate, { params: { orgSlno: org } });
  if (call.status === 'failed')
    return <ErrorState message={call.message} retryAt={call.retryAt} onRetry={call.reload} />;
  if (call.status === 'loading') return <Spinner showLabel />;
  const certificate = call.data;
  if (!certificate) return <EmptyState title={t('profile.certificate.none')} />;
  const rows: [string, string][] = [
    ['issuedBy', certificate.issuedBy],
    ['issuedTo', certificate.issuedTo],
    ['validFrom', format.dateTime(certificate.validFrom)],
    ['validTo', format.dateTime(certificate.validTo)],
    ['class', certificate.class],
    ['serial', certificate.serialNumberHex],
    ['keyUsage', certificate.keyUsage.join(', ')],
  ];
  return (
    <Facts
      facts={rows.map(([key, value]) => [
        t(`profile.certificate.${key}`),
        <Verbatim key={key}>{value}</Verbatim>,
      ])}
    />
  );
}

function People({ kind }: { kind: 'sponsors' | 'contacts' }) {
  const { t } = useTranslation('org');
  const org = useOrganization();
  const call = useApi(kind === 'sponsors' ? CONTRACT.sponsors : CONTRACT.technicalContacts, {
    body: { orgSlNo: org },
  });
  const columns: DataGridColumn<Person>[] = [
    { id: 'name', header: t('profile.people.name'), cell: (row) => row.name, isRowHeader: true },
    {
      id: 'email',
      header: t('profile.people.email'),
      cell: (row) => <Verbatim>{row.email}</Verbatim>,
    },
    {
      id: 'mobile',
      header: t('profile.people.mobile'),
      cell: (row) => <Verbatim>{row.mobile}</Verbatim>,
    },
    {
      id: 'primary',
      header: t('profile.people.primary'),
      cell: (row) =>
        row.isPrimary ? <StatusBadge tone="info" label={t('profile.people.primary')} /> : '—',
      width: 130,
    },
  ];
  return (
    <DataGrid
      label={t(`profile.tabs.${kind}`)}
      columns={columns}
      rowKey={(row) => `${row.name}-${row.email}`}
      rows={call.data?.dataList ?? []}
      isLoading={call.status === 'loading'}
      error={call.status === 'failed' ? { message: call.message } : null}
      onRetry={call.reload}
      emptyState={
        <EmptyState
          title={t(
            kind === 'sponsors' ? 'profile.people.emptySponsors' : 'profile.people.emptyContacts',
          )}
        />
      }
    />
  );
}

function Admins() {
  const { t } = useTranslation('org');
  const org = useOrganization();
  const call = useApi(CONTRACT.organizationAdmins, { body: { orgSlNo: org } });
  const columns: DataGridColumn<Admin>[] = [
    {
      id: 'name',
      header: t('profile.people.name'),
      cell: (row) => row.fullName,
      isRowHeader: true,
    },
    {
      id: 'employeeId',
      header: t('profile.people.employeeId'),
      cell: (row) => <Verbatim>{row.employeeID}</Verbatim>,
    },
    {
      id: 'email',
      header: t('profile.people.email'),
      cell: (row) => <Verbatim>{row.email}</Verbatim>,
    },
    {
      id: 'mobile',
      header: t('profile.people.mobile'),
      cell: (row) => <Verbatim>{row.mobileNumber}</Verbatim>,
    },
    { id: 'loginType', header: t('profile.people.loginType'), cell: (row) => row.loginType },
    { id: 'designation', header: t('profile.people.designation'), cell: (row) => row.designation },
    {
      id: 'active',
      header: t('profile.people.active'),
      cell: (row) => t(row.isActive ? 'profile.units.yes' : 'profile.units.no'),
      width: 100,
    },
  ];
  return (
    <DataGrid
      label={t('profile.tabs.admins')}
      columns={columns}
      rowKey={(row) => row.employeeID}
      rows={call.data?.dataList ?? []}
      isLoading={call.status === 'loading'}
      error={call.status === 'failed' ? { message: call.message } : null}
      onRetry={call.reload}
      emptyState={<EmptyState title={t('profile.people.emptyAdmins')} />}
    />
  );
}

/** The organization's name, its primary sponsor and technical contact, above the tabs. */
function ProfileHeader() {
  const { t } = useTranslation('org');
  const org = useOrganization();
  const active = useAtomValue(activeOrganizationAtom);
  const language = useAtomValue(languageAtom);
  const call = useApi(CONTRACT.sponsorTpocInfo, { body: { orgSlNo: org } });
  const name = active
    ? language === 'ar'
      ? active.organizationNameArabic
      : active.organizationName
    : '';
  const { sponsor, technicalContact } = call.data ?? { sponsor: null, technicalContact: null };
  return (
    <>
      <div className={heading}>
        <h1 className={title}>{t('profile.title')}</h1>
      </div>
      <p className={contactsLine}>
        <strong>{name}</strong>
        {sponsor ? <span>{t('profile.sponsor', { name: sponsor.name })}</span> : null}
        {technicalContact ? (
          <span>{t('profile.technicalContact', { name: technicalContact.name })}</span>
        ) : null}
      </p>
    </>
  );
}

const CONTENT: Record<Tab, () => React.JSX.Element | null> = {
  units: Units,
  details: Details,
  certificate: Certificate,
  sponsors: () => <People kind="sponsors" />,
  contacts: () => <People kind="contacts" />,
  admins: Admins,
  logo: SignatureLogo,
};

export default function OrgProfile() {
  const { t } = useTranslation('org');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((name) => name === requested) ?? 'units';
  return (
    <div className={screen}>
      <ProfileHeader />
      <Tabs
        label={t('profile.title')}
        selectedKey={tab}
        onSelectionChange={(key) => {
          // A tab starts on its first page.
          setParams(key === 'units' ? {} : { tab: String(key) });
        }}
        items={TABS.map((name) => {
          const Content = CONTENT[name];
          return { id: name, label: t(`profile.tabs.${name}`), content: <Content /> };
        })}
      />
    </div>
  );
}

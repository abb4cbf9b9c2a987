/**
 * Manage organization users (SPEC §2 `/app/org/manage/users`, §3 "Organization user grid row",
 * §7 "Manage organization users"): the active organization's members, filtered by text, dates,
 * status, active state and unit (the filter in the URL), paged, exported with the same filter as
 * ManageOrganizationUsers.xlsx; a row opens the member's detail (`viewOrganizationUser`). The
 * employee id filter of the spec (`viewEmployeeIdList`) is found by typing among the
 * organization's ids, and kept as the `employeeId` URL field; the search finds employee ids too.
 */
import { CONTRACT } from '@tawqi/api';
import { manageUsersGrid } from '@tawqi/api/grids';
import { COUNTED_ROLES, queryIdOf } from '@tawqi/domain';
import { Button, ComboBox, Link, Select } from '@tawqi/ui';
import { ReadState } from '../../components/ReadState.js';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useGridParam } from '../../grid.js';
import { useApi } from '../../queries.js';
import { ORG_PATHS } from '../../paths.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { actions, heading, screen, title } from '../my/my.css.js';
import { Facts, shown } from '../../components/Facts.js';
import { addressFacts } from './addressFacts.js';
import { MemberActions } from './MemberActions.js';
import { useUnitOptions } from './units.js';

const ACTIVE_CHOICES = ['all', 'active', 'inactive'] as const;

function Filters({ organization }: { organization: number }) {
  const { t } = useTranslation('org');
  const [active, setActive] = useGridParam('active');
  const [unit, setUnit] = useGridParam('unit');
  const [employeeId, setEmployeeId] = useGridParam('employeeId');
  const units = useUnitOptions(organization);
  const employeeIds = useApi(CONTRACT.employeeIdList, { params: { orgSlno: organization } });
  return (
    <>
      <Select
        label={t('users.activeFilter')}
        options={ACTIVE_CHOICES.map((choice) => ({
          id: choice,
          label: t(`users.active.${choice}`),
        }))}
        value={active || 'all'}
        onChange={(key) => {
          setActive(key === 'all' ? '' : String(key));
        }}
      />
      <Select
        label={t('users.unitFilter')}
        options={[{ id: 'all', label: t('users.allUnits') }, ...units]}
        value={unit || 'all'}
        onChange={(key) => {
          setUnit(key === 'all' ? '' : String(key));
        }}
      />
      <ComboBox
        label={t('users.employeeFilter')}
        placeholder={t('users.anyEmployee')}
        options={(employeeIds.data?.dataList ?? []).map((id) => ({ id, label: id }))}
        value={employeeId || null}
        onChange={(key) => {
          setEmployeeId(key === null ? '' : String(key));
        }}
      />
    </>
  );
}

/** A member's detail, read when their row is opened. */
function Member({ organization, userSlno }: { organization: number; userSlno: number }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const member = useApi(CONTRACT.viewOrganizationUser, {
    body: { orgSlNo: organization, userSlNo: userSlno, active: 1, inActive: 1 },
  });
  if (member.status === 'failed' || !member.data) return <ReadState read={member} small />;
  const data = member.data;
  const facts: (readonly [string, React.ReactNode])[] = [
    [t('users.detail.nameEnglish'), <Verbatim key="en">{data.fullNameEnglish}</Verbatim>],
    [t('users.detail.nameArabic'), data.fullNameArabic],
    [t('users.detail.nationality'), shown(data.nationality)],
    [t('users.detail.nationalId'), <Verbatim key="id">{data.nationalId}</Verbatim>],
    [t('users.detail.status'), <Status key="status" status={data.status} />],
    [t('users.detail.active'), t(data.isActive ? 'profile.units.yes' : 'profile.units.no')],
    [
      t('newUsers.role'),
      data.roles
        .filter((role) => (COUNTED_ROLES as readonly string[]).includes(role))
        .map((role) => t(`roles.${role}`))
        .join(format.language === 'ar' ? '، ' : ', ') || '—',
    ],
    [t('users.detail.unit'), shown(data.organizationUnit)],
    [t('users.detail.employeeId'), <Verbatim key="employee">{data.employeeId}</Verbatim>],
    [t('users.detail.mobile'), <Verbatim key="mobile">{data.mobile}</Verbatim>],
    [t('users.detail.email'), <Verbatim key="email">{data.email}</Verbatim>],
    ...addressFacts(t, data),
    [
      t('users.detail.counters'),
      Object.entries(data.organizationCountersUse)
        .filter(([, used]) => used > 0)
        .map(([role, used]) => `${t(`roles.${role}`)} (${format.number(used)})`)
        .join(format.language === 'ar' ? '، ' : ', ') || '—',
    ],
  ];
  const name = format.language === 'ar' ? data.fullNameArabic : data.fullNameEnglish;
  return (
    <div>
      <Facts label={t('users.detail.of', { name })} facts={facts} />
      {/* A person still pending is decided in approvals; a current member can be changed. */}
      {data.status === 'Approved' || data.status === 'Deactivated' ? (
        <MemberActions
          member={{
            organization,
            userSlno,
            name,
            isActive: data.isActive,
            roles: data.roles,
            openChanges: data.openChanges,
          }}
        />
      ) : null}
    </div>
  );
}

export default function ManageUsers() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [, navigate] = useLocation();
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('users.title')}</h1>
        <div className={actions}>
          <Link href={ORG_PATHS.newUsers}>{t('newUsers.title')}</Link>
          <Button onPress={() => navigate(ORG_PATHS.createNewUser)}>{t('newUsers.add')}</Button>
        </div>
      </div>
      {active ? (
        <GridScreen
          grid={manageUsersGrid}
          label={t('users.title')}
          emptyTitle={t('users.empty')}
          searchLabel={t('users.search')}
          organization={{ slno: active.slno, queryId: queryIdOf(active) }}
          filters={<Filters organization={active.slno} />}
          renderDetail={(row) => <Member organization={active.slno} userSlno={row.userSlno} />}
        />
      ) : null}
    </div>
  );
}

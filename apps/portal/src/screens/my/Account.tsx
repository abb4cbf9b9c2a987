/**
 * My account (SPEC §2 "My profile: mobiles, emails, agreements, months"): the profile with the
 * identity verification's validity and its renewal; the mobile numbers and e-mail addresses held
 * in each organization; the accepted agreements, downloadable; and a month's activity, the months
 * named by the server (`common/calendar/months`) — our reading of "months" on this screen. The
 * person's own e-mail, mobile and sign-in password can be added or changed here (AccountChanges).
 */
import { CONTRACT, saveDownloadedFile, type EndpointOutput } from '@tawqi/api';
import { searchTypeOf } from '@tawqi/domain';
import { Button, Card, Link, Select, StatusBadge } from '@tawqi/ui';
import { ReadState } from '../../components/ReadState.js';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { KycRenewalDialog } from '../../components/KycRenewal.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { reportFailure } from '../../toasts.js';
import { useApi, useRead, type Read } from '../../queries.js';
import {
  actions,
  agreementText,
  cards,
  changeableValue,
  factLabel,
  facts,
  factValue,
  figure,
  heading,
  listRow,
  muted,
  plainList,
  screen,
  title,
  unbroken,
  wideCard,
} from './my.css.js';
import { Verbatim } from '../../components/Verbatim.js';
import { ContactDialog, PasswordDialog } from './AccountChanges.js';

type Agreement = EndpointOutput<typeof CONTRACT.myAgreements>['dataList'][number];

/** A user's mobiles or e-mails per organization, as one shape: the contact and where it is held. */
const readContacts = async (kind: 'mobiles' | 'emails') => {
  const list =
    kind === 'mobiles'
      ? (await api.call(CONTRACT.myMobiles, {})).dataList.map(({ mobile, ...rest }) => ({
          ...rest,
          contact: mobile,
        }))
      : (await api.call(CONTRACT.myEmails, {})).dataList.map(({ email, ...rest }) => ({
          ...rest,
          contact: email,
        }));
  return { dataList: list };
};

/** A call's loading, failure and empty states around its content. */
function Loaded<T>({
  call,
  isEmpty,
  empty,
  children,
}: {
  call: Read<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (call.status === 'failed' || !call.data) return <ReadState read={call} />;
  if (isEmpty(call.data)) return <p className={muted}>{empty}</p>;
  return <>{children(call.data)}</>;
}

function Profile() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const profile = useApi(CONTRACT.myProfile, {});
  const [renewing, setRenewing] = useState(false);
  const [changing, setChanging] = useState<'email' | 'mobile' | 'password' | null>(null);
  /** A fact and, beside it, the button that adds or changes it. */
  const changeButton = (what: 'email' | 'mobile' | 'password', has: boolean) => (
    <Button variant="ghost" size="small" onPress={() => setChanging(what)}>
      {t(has ? `account.change.${what}ChangeShort` : `account.change.${what}AddShort`)}
    </Button>
  );
  return (
    <Card title={t('account.profile')} headingLevel={2} className={wideCard}>
      <Loaded call={profile} isEmpty={() => false} empty="">
        {(data) => (
          <dl className={facts}>
            <dt className={factLabel}>{t('account.nameEnglish')}</dt>
            <dd className={factValue} lang="en">
              {data.fullNameEnglish}
            </dd>
            <dt className={factLabel}>{t('account.nameArabic')}</dt>
            <dd className={factValue} lang="ar">
              {data.fullNameArabic}
            </dd>
            <dt className={factLabel}>{t('account.nationalId')}</dt>
            <dd className={factValue}>
              <Verbatim>{data.maskedNationalId}</Verbatim>
            </dd>
            <dt className={factLabel}>{t('account.nationality')}</dt>
            <dd className={factValue}>{data.nationality}</dd>
            <dt className={factLabel}>{t('account.email')}</dt>
            <dd className={`${factValue} ${changeableValue}`}>
              <span>{data.email ? <Verbatim>{data.email}</Verbatim> : t('account.none')}</span>
              {changeButton('email', data.email !== null)}
            </dd>
            <dt className={factLabel}>{t('account.mobile')}</dt>
            <dd className={`${factValue} ${changeableValue}`}>
              <span className={unbroken}>
                {data.mobile ? <Verbatim>{data.mobile}</Verbatim> : t('account.none')}
              </span>
              {changeButton('mobile', data.mobile !== null)}
            </dd>
            <dt className={factLabel}>{t('account.signInPassword')}</dt>
            <dd className={`${factValue} ${changeableValue}`}>
              <span>
                {data.username ? (
                  <>
                    {t('account.usernameIs')} <Verbatim>{data.username}</Verbatim>
                  </>
                ) : (
                  t('account.noPassword')
                )}
              </span>
              {changeButton('password', data.username !== null)}
            </dd>
            <dt className={factLabel}>{t('account.memberSince')}</dt>
            <dd className={factValue}>{format.date(data.createdDate)}</dd>
            <dt className={factLabel}>{t('account.kyc')}</dt>
            <dd className={factValue}>
              {data.kycValidTill
                ? t('account.kycValidTill', { date: format.date(data.kycValidTill) })
                : t('account.kycNone')}
            </dd>
          </dl>
        )}
      </Loaded>
      <div className={actions}>
        <Button variant="secondary" onPress={() => setRenewing(true)}>
          {t('account.renew')}
        </Button>
      </div>
      <KycRenewalDialog isOpen={renewing} onOpenChange={setRenewing} onRenewed={profile.reload} />
      {changing === 'email' || changing === 'mobile' ? (
        <ContactDialog
          kind={changing}
          current={profile.data?.[changing] ?? null}
          onClose={() => setChanging(null)}
          onChanged={profile.reload}
        />
      ) : changing === 'password' ? (
        <PasswordDialog
          username={profile.data?.username ?? null}
          onClose={() => setChanging(null)}
          onChanged={profile.reload}
        />
      ) : null}
    </Card>
  );
}

function ContactsInOrganizations({ kind }: { kind: 'mobiles' | 'emails' }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const contacts = useRead(['profile', 'contactsInOrganizations', kind], () => readContacts(kind));
  return (
    <Card title={t(`account.${kind}`)} headingLevel={2}>
      <Loaded
        call={contacts}
        isEmpty={(data) => data.dataList.length === 0}
        empty={t('account.noOrganizations')}
      >
        {(data) => (
          <ul className={plainList}>
            {data.dataList.map((entry) => (
              <li key={`${entry.organizationName}-${entry.contact}`} className={listRow}>
                <span>
                  {format.language === 'ar' ? entry.organizationNameArabic : entry.organizationName}
                  <br />
                  <Verbatim>{entry.contact}</Verbatim>
                </span>
                {entry.isPrimary ? <StatusBadge tone="info" label={t('account.primary')} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

function Agreements() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const agreements = useApi(CONTRACT.myAgreements, {});
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (agreement: Agreement) => {
    setDownloading(agreement.uniqueFileID);
    try {
      const file = await api.call(CONTRACT.downloadAgreement, {
        params: { uniqueFileID: agreement.uniqueFileID },
      });
      saveDownloadedFile({ blob: file.blob, fileName: agreement.fileName });
    } catch (error) {
      reportFailure(error);
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Card title={t('account.agreements')} headingLevel={2}>
      <Loaded
        call={agreements}
        isEmpty={(data) => data.dataList.length === 0}
        empty={t('account.noAgreements')}
      >
        {(data) => (
          <ul className={plainList}>
            {data.dataList.map((agreement) => (
              <li key={agreement.uniqueFileID} className={listRow}>
                <span className={agreementText}>
                  <strong>{agreement.title}</strong>
                  <span className={muted}>
                    {agreement.organization
                      ? t('account.agreementFor', {
                          role: agreement.userType,
                          organization: agreement.organization,
                        })
                      : agreement.userType}
                  </span>
                  {agreement.acceptedAt ? (
                    <span className={muted}>
                      {t('account.acceptedOn', { date: format.date(agreement.acceptedAt) })}
                    </span>
                  ) : null}
                </span>
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={t('account.downloadNamed', { name: agreement.fileName })}
                  isPending={downloading === agreement.uniqueFileID}
                  onPress={() => void download(agreement)}
                >
                  {t('account.download')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

/** The last twelve months, newest first, as `yyyy-mm` with the first and last day. */
export function lastMonths(today: Date, count = 12) {
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    const iso = (date: Date) => date.toISOString().slice(0, 10);
    return {
      key: iso(first).slice(0, 7),
      year: first.getUTCFullYear(),
      month: first.getUTCMonth() + 1,
      from: iso(first),
      to: iso(last),
    };
  });
}

function MonthlyActivity() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const months = useApi(CONTRACT.calendarMonths, {});
  const choices = lastMonths(new Date());
  const [chosen, setChosen] = useState(choices[0]?.key ?? '');
  const range = choices.find((choice) => choice.key === chosen) ?? choices[0];
  const activity = useApi(CONTRACT.myTransactions, {
    body: {
      type: searchTypeOf({
        searchText: '',
        dateRange: range ? { from: range.from, to: range.to } : null,
      }),
      limit: 1,
      page: 0,
      fromDate: range?.from,
      toDate: range?.to,
    },
  });
  const nameOf = (month: number) => {
    const entry = months.data?.dataList.find((item) => item.monthNumber === month);
    return entry ? (format.language === 'ar' ? entry.monthNameArabic : entry.monthNameEnglish) : '';
  };
  return (
    <Card title={t('account.monthly')} headingLevel={2}>
      <Loaded call={months} isEmpty={(data) => data.dataList.length === 0} empty="">
        {() => (
          <>
            <Select
              label={t('account.month')}
              options={choices.map((choice) => ({
                id: choice.key,
                label: `${nameOf(choice.month)} ${format.year(choice.year)}`,
              }))}
              value={chosen}
              onChange={(key) => {
                if (typeof key === 'string') setChosen(key);
              }}
            />
            <Loaded call={activity} isEmpty={() => false} empty="">
              {(data) => (
                <p className={figure} role="status">
                  {t('account.transactionsInMonth', {
                    count: data.totalCount,
                    number: format.number(data.totalCount),
                  })}
                </p>
              )}
            </Loaded>
            {range ? (
              <Link href={`${MY_PATHS.transactions}?from=${range.from}&to=${range.to}`}>
                {t('account.seeMonth')}
              </Link>
            ) : null}
          </>
        )}
      </Loaded>
    </Card>
  );
}

export default function Account() {
  const { t } = useTranslation('my');
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('account.title')}</h1>
      </div>
      <div className={cards}>
        <Profile />
        <MonthlyActivity />
        <ContactsInOrganizations kind="mobiles" />
        <ContactsInOrganizations kind="emails" />
        <Agreements />
      </div>
    </div>
  );
}

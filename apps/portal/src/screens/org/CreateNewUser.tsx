/**
 * Add a person to the organization (SPEC §2 `/app/org/manage/users/uav/createuav`, §7 "Create
 * new user (UAV) requests"): the national id is checked by the server, the person approves on
 * their own phone in the identity app (the admin shows them the number), their details come back
 * from the identity app, and the admin completes the membership — role, unit, employee id, e-mail
 * and mobile — adds the supporting documents (an authorization letter, a copy of the ID) and
 * submits a request another Enrolment Admin approves. What the admin typed stays
 * when the server refuses; an approval that has expired (30 minutes) is verified again.
 */
import { CONTRACT, schemas } from '@tawqi/api';
import {
  COUNTED_ROLES,
  nationalIdProblem,
  normalizeSaudiMobile,
  toAsciiDigits,
  type CountedRole,
} from '@tawqi/domain';
import { Button, Link, Select, TextField } from '@tawqi/ui';
import { ReadState } from '../../components/ReadState.js';
import { useAtomValue } from 'jotai';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { IdentityApp } from '../../components/IdentityApp.js';
import { Verbatim } from '../../components/Verbatim.js';
import { errorText, fieldset, formGrid, legend } from '../../components/forms.css.js';
import { useFormat } from '../../format.js';
import { ORG_PATHS, newUserRequestPath } from '../../paths.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { heading, muted, screen, section, sectionTitle, title } from '../my/my.css.js';
import { DocumentPicker, organizationUpload, type RequestDocument } from './Documents.js';
import { Facts, shown } from '../../components/Facts.js';
import { refreshNewUsers } from './NewUsers.js';
import { useUnitOptions } from './units.js';

interface Verified {
  nationalId: string;
  transId: string;
}

const EMPTY = { role: '' as CountedRole | '', unit: '', employeeId: '', email: '', mobile: '' };
type Field = keyof typeof EMPTY;
type Values = typeof EMPTY;

/** What is wrong with the membership asked for, field by field (nothing when it is right). */
function useMembershipProblems() {
  const { t } = useTranslation('org');
  return (values: Values) => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.role) found.role = t('newUsers.form.chooseRole');
    if (!values.unit) found.unit = t('newUsers.form.chooseUnit');
    if (!values.employeeId.trim()) found.employeeId = t('newUsers.form.required');
    if (!schemas.email.safeParse(values.email.trim()).success)
      found.email = t('newUsers.form.invalidEmail');
    if (!normalizeSaudiMobile(values.mobile)) found.mobile = t('newUsers.form.invalidMobile');
    return found;
  };
}

/** A membership the request asks for, as both calls send it. */
function membershipBody(values: Values & { role: CountedRole }) {
  return {
    userType: values.role,
    orgUnitSlNo: Number(values.unit),
    employeeId: values.employeeId.trim(),
    email: values.email.trim(),
    mobileNo: values.mobile.trim(),
  };
}

/**
 * Sends a new-user request (in person or by invitation): refused, the server's reason is shown
 * and what was typed stays; made, the requests are read again and its page opens.
 */
function useRequestSending() {
  const [, navigate] = useLocation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (
    call: () => Promise<{ status: string; errorMessage: string | null; id: number | null }>,
    madeTitle: string,
  ) => {
    setSending(true);
    try {
      const answer = await call();
      if (answer.status !== '1' || answer.id === null) {
        setRefusal(answer.errorMessage);
        return;
      }
      await refreshNewUsers();
      toasts.show({ variant: 'success', title: madeTitle });
      navigate(newUserRequestPath(answer.id));
    } catch (error) {
      reportFailure(error);
    } finally {
      setSending(false);
    }
  };
  return { refusal, setRefusal, sending, send };
}

/** The membership asked for: role, unit, employee id, e-mail and mobile. */
function MembershipFields({
  organization,
  values,
  errors,
  onChange,
}: {
  organization: number;
  values: Values;
  errors: Partial<Record<Field, string>>;
  onChange: (values: Values) => void;
}) {
  const { t } = useTranslation('org');
  const units = useUnitOptions(organization);
  const set = (field: Field) => (value: string) => onChange({ ...values, [field]: value });
  return (
    <>
      <Select
        label={t('newUsers.role')}
        placeholder={t('newUsers.form.chooseRole')}
        options={COUNTED_ROLES.map((role) => ({ id: role, label: t(`roles.${role}`) }))}
        value={values.role || null}
        onChange={(key) => set('role')(String(key))}
        isRequired
        isInvalid={Boolean(errors.role)}
        errorMessage={errors.role}
      />
      <Select
        label={t('users.detail.unit')}
        placeholder={t('newUsers.form.chooseUnit')}
        options={units}
        value={values.unit || null}
        onChange={(key) => set('unit')(String(key))}
        isRequired
        isInvalid={Boolean(errors.unit)}
        errorMessage={errors.unit}
      />
      {(['employeeId', 'email', 'mobile'] as const).map((field) => (
        <TextField
          key={field}
          label={t(`newUsers.form.${field}`)}
          value={values[field]}
          onChange={set(field)}
          isRequired
          type={field === 'email' ? 'email' : field === 'mobile' ? 'tel' : undefined}
          isInvalid={Boolean(errors[field])}
          errorMessage={errors[field]}
        />
      ))}
    </>
  );
}

/** The membership asked for, once the identity app has confirmed who the person is. */
function Membership({
  organization,
  verified,
  onVerifyAgain,
}: {
  organization: number;
  verified: Verified;
  onVerifyAgain: () => void;
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { refusal, setRefusal, sending, send } = useRequestSending();
  const [documents, setDocuments] = useState<RequestDocument[]>([]);
  const person = useApi(CONTRACT.orgUserDetails, {
    body: { orgSlNo: organization, nationalID: verified.nationalId, transId: verified.transId },
  });
  const problems = useMembershipProblems();

  if (person.status === 'failed' || !person.data) return <ReadState read={person} />;
  const details = person.data;
  if (details.status !== '1')
    return (
      <div className={formGrid}>
        <p role="alert" className={errorText}>
          {details.errorMessage}
        </p>
        <Button onPress={onVerifyAgain}>{t('newUsers.verifyAgain')}</Button>
      </div>
    );

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = problems(values);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0 || !values.role) return;
    const role = values.role;
    await send(
      () =>
        api.call(CONTRACT.createUavRequest, {
          body: {
            orgSlNo: organization,
            nationalID: verified.nationalId,
            transId: verified.transId,
            ...membershipBody({ ...values, role }),
            uniqueFileIds: documents.map((document) => document.uniqueFileId),
          },
        }),
      t('newUsers.submitted'),
    );
  };

  return (
    <>
      <section className={section} aria-labelledby="new-user-person">
        <h2 id="new-user-person" className={sectionTitle}>
          {t('newUsers.person')}
        </h2>
        <Facts
          facts={[
            [
              t('users.detail.nameEnglish'),
              <Verbatim key="en">{details.fullNameEnglish}</Verbatim>,
            ],
            [t('users.detail.nameArabic'), details.fullNameArabic],
            [t('users.detail.nationalId'), <Verbatim key="id">{verified.nationalId}</Verbatim>],
            [t('users.detail.nationality'), shown(details.nationality)],
            [
              t('newUsers.dateOfBirth'),
              details.dateOfBirth ? format.date(details.dateOfBirth) : shown(null),
            ],
          ]}
        />
      </section>
      <section className={section} aria-labelledby="new-user-membership">
        <h2 id="new-user-membership" className={sectionTitle}>
          {t('newUsers.membership')}
        </h2>
        <form className={formGrid} onSubmit={(event) => void submit(event)} noValidate>
          <MembershipFields
            organization={organization}
            values={values}
            errors={errors}
            onChange={setValues}
          />
          <fieldset className={fieldset}>
            <legend className={legend}>{t('documents.title')}</legend>
            <DocumentPicker
              upload={organizationUpload(organization)}
              documents={documents}
              onChange={setDocuments}
            />
          </fieldset>
          {refusal ? (
            <p role="alert" className={errorText}>
              {refusal}
            </p>
          ) : null}
          <Button type="submit" isPending={sending}>
            {t('newUsers.submit')}
          </Button>
        </form>
      </section>
    </>
  );
}

/**
 * The person is not at hand: invited by e-mail instead (issue 17). They verify themselves
 * through the invitation's link and complete their details; the request is Initiated until then.
 */
function Invite({ organization }: { organization: number }) {
  const { t } = useTranslation('org');
  const [nationalId, setNationalId] = useState('');
  const [idProblem, setIdProblem] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { refusal, setRefusal, sending, send } = useRequestSending();
  const problems = useMembershipProblems();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = problems(values);
    const wrongId = nationalIdProblem(nationalId) !== null;
    setErrors(found);
    setIdProblem(wrongId);
    setRefusal(null);
    if (Object.keys(found).length > 0 || wrongId || !values.role) return;
    const role = values.role;
    await send(
      () =>
        api.call(CONTRACT.inviteOrgUser, {
          body: {
            orgSlNo: organization,
            nationalID: toAsciiDigits(nationalId.trim()),
            ...membershipBody({ ...values, role }),
          },
        }),
      t('newUsers.invite.sent'),
    );
  };

  return (
    <form className={formGrid} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('users.detail.nationalId')}
        value={nationalId}
        onChange={setNationalId}
        inputMode="numeric"
        autoComplete="off"
        isRequired
        isInvalid={idProblem}
        errorMessage={t('newUsers.invite.invalidId')}
      />
      <MembershipFields
        organization={organization}
        values={values}
        errors={errors}
        onChange={setValues}
      />
      {refusal ? (
        <p role="alert" className={errorText}>
          {refusal}
        </p>
      ) : null}
      <Button type="submit" isPending={sending}>
        {t('newUsers.invite.send')}
      </Button>
    </form>
  );
}

export default function CreateNewUser() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [inviting, setInviting] = useState(false);
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('newUsers.addTitle')}</h1>
        <Link href={ORG_PATHS.newUsers}>{t('newUsers.toRequests')}</Link>
      </div>
      {verified ? (
        <Membership
          key={verified.transId}
          organization={active.slno}
          verified={verified}
          onVerifyAgain={() => setVerified(null)}
        />
      ) : (
        <section className={section} aria-labelledby="new-user-verify">
          <h2 id="new-user-verify" className={sectionTitle}>
            {t('newUsers.verifyTitle')}
          </h2>
          <p className={muted}>{t('newUsers.verifyLead')}</p>
          <IdentityApp
            flow="orgUser"
            organization={active.slno}
            startLabel={t('newUsers.verify')}
            onApproved={({ nationalId, transId }) => setVerified({ nationalId, transId })}
          />
        </section>
      )}
      {verified ? null : (
        <section className={section} aria-labelledby="new-user-invite">
          <h2 id="new-user-invite" className={sectionTitle}>
            {t('newUsers.invite.title')}
          </h2>
          <p className={muted}>{t('newUsers.invite.lead')}</p>
          {inviting ? (
            <Invite organization={active.slno} />
          ) : (
            <div>
              <Button variant="secondary" onPress={() => setInviting(true)}>
                {t('newUsers.invite.open')}
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

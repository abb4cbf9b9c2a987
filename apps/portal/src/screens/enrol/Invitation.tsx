/**
 * Invited users (SPEC §2 `/verify-orgUser`, `/verify-orgUser-details`; issue 17): a person an
 * organization invited opens the link from their e-mail, sees who invited them and as what, and
 * approves in the identity app with the national id the invitation is for; then, in the same
 * browser, reviews their names as the identity app gave them and what the organization asked
 * for, confirms their e-mail and mobile, accepts the subscriber agreement, and the request goes
 * to the organization's admins for approval. The invitation's token travels in the address.
 */
import { ApiError, CONTRACT, schemas } from '@tawqi/api';
import { SUBSCRIBER_AGREEMENT_VERSION, normalizeSaudiMobile } from '@tawqi/domain';
import { Button, Link, TextField } from '@tawqi/ui';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { AgreementAcceptance } from '../../components/AgreementAcceptance.js';
import { IdentityApp } from '../../components/IdentityApp.js';
import { ReadState } from '../../components/ReadState.js';
import { Verbatim } from '../../components/Verbatim.js';
import { errorText, formGrid } from '../../components/forms.css.js';
import { useApi } from '../../queries.js';
import { reportFailure } from '../../toasts.js';
import { heading, muted, screen, section, sectionTitle, title } from '../my/my.css.js';
import { Facts } from '../../components/Facts.js';

function useInvitationToken(): string {
  return new URLSearchParams(useSearch()).get('invitation') ?? '';
}

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('enrol');
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('invitation.title')}</h1>
      </div>
      {children}
    </div>
  );
}

/**
 * A link opened without its invitation (cut by a mail program, or typed by hand) is said to be
 * incomplete on the page, with its heading, as a wrong token is; nothing is asked of the server.
 */
function Incomplete() {
  const { t } = useTranslation('enrol');
  return (
    <Page>
      <section className={section}>
        <p role="status">{t('invitation.outcomes.incomplete')}</p>
      </section>
    </Page>
  );
}

export function VerifyOrgUser() {
  const token = useInvitationToken();
  return token === '' ? <Incomplete /> : <Invitation token={token} />;
}

export function VerifyOrgUserDetails() {
  const token = useInvitationToken();
  return token === '' ? <Incomplete /> : <InvitationDetails token={token} />;
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation('enrol');
  const [, navigate] = useLocation();
  const read = useApi(CONTRACT.openInvitation, { body: { token } });
  if (read.status === 'failed' || !read.data) return <ReadState read={read} />;
  const invitation = read.data;
  const details = `/verify-orgUser-details?invitation=${encodeURIComponent(token)}`;
  return (
    <Page>
      {invitation.outcome !== 'valid' ? (
        <section className={section}>
          <p role="status">{t(`invitation.outcomes.${invitation.outcome}`)}</p>
        </section>
      ) : (
        <section className={section} aria-labelledby="invitation-verify">
          <h2 id="invitation-verify" className={sectionTitle}>
            {t('invitation.from', { organization: invitation.organizationName ?? '' })}
          </h2>
          <Facts
            facts={[
              [t('invitation.role'), invitation.role ?? ''],
              [t('invitation.nationalId'), <Verbatim key="id">{invitation.nationalID}</Verbatim>],
            ]}
          />
          {invitation.verified ? (
            <Link href={details}>{t('invitation.toDetails')}</Link>
          ) : (
            <>
              <p className={muted}>{t('invitation.lead')}</p>
              <IdentityApp
                flow="invitee"
                applicant={{ kind: 'organization', captchaToken: null, invitation: token }}
                startLabel={t('invitation.verify')}
                onApproved={() => navigate(details)}
              />
            </>
          )}
        </section>
      )}
    </Page>
  );
}

function InvitationDetails({ token }: { token: string }) {
  const { t } = useTranslation('enrol');
  const read = useApi(CONTRACT.invitationDetails, { body: { token } });
  const [email, setEmail] = useState<string | null>(null);
  const [mobile, setMobile] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  if (read.status === 'failed' || !read.data)
    return (
      <Page>
        <ReadState read={read} />
        <Link href={`/verify-orgUser?invitation=${encodeURIComponent(token)}`}>
          {t('invitation.back')}
        </Link>
      </Page>
    );
  const person = read.data;
  const emailValue = email ?? person.email;
  const mobileValue = mobile ?? person.mobileNo;
  const emailWrong = !schemas.email.safeParse(emailValue.trim()).success;
  const mobileWrong = normalizeSaudiMobile(mobileValue) === null;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setShown(true);
    setProblem(null);
    if (emailWrong || mobileWrong) return;
    if (!agreed) {
      setProblem(t('errors.agreement'));
      return;
    }
    setBusy(true);
    try {
      await api.call(CONTRACT.completeInvitation, {
        body: {
          token,
          email: emailValue.trim(),
          mobileNo: mobileValue.trim(),
          agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
        },
      });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500 && error.hasMessage)
        setProblem(error.message);
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Page>
        <section className={section}>
          <p role="status">{t('invitation.done', { organization: person.organizationName })}</p>
        </section>
      </Page>
    );
  return (
    <Page>
      <section className={section} aria-labelledby="invitation-details">
        <h2 id="invitation-details" className={sectionTitle}>
          {t('invitation.detailsTitle')}
        </h2>
        <Facts
          facts={[
            [t('personFields.nameEnglish'), <Verbatim key="en">{person.fullNameEnglish}</Verbatim>],
            [t('personFields.nameArabic'), person.fullNameArabic],
            [t('invitation.nationalId'), <Verbatim key="id">{person.nationalID}</Verbatim>],
            [t('invitation.organization'), person.organizationName],
            [t('invitation.role'), person.role],
            [t('invitation.unit'), person.unit],
          ]}
        />
        <form className={formGrid} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('personFields.email')}
            type="email"
            value={emailValue}
            onChange={setEmail}
            isRequired
            isInvalid={shown && emailWrong}
            errorMessage={t('errors.email')}
          />
          <TextField
            label={t('personFields.mobile')}
            type="tel"
            value={mobileValue}
            onChange={setMobile}
            isRequired
            isInvalid={shown && mobileWrong}
            errorMessage={t('errors.mobile')}
          />
          <AgreementAcceptance accepted={agreed} onChange={setAgreed} />
          {problem ? (
            <p role="alert" className={errorText}>
              {problem}
            </p>
          ) : null}
          <Button type="submit" isPending={busy}>
            {t('invitation.submit')}
          </Button>
        </form>
      </section>
    </Page>
  );
}

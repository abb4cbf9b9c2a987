/** Contact us: a form checked here and stored by the server, which answers a reference number. */
import { CONTRACT } from '@tawqi/api';
import { normalizeSaudiMobile } from '@tawqi/domain';
import { Button, TextField } from '@tawqi/ui';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { Captcha } from '../../components/Captcha.js';
import { reportFailure, toasts } from '../../toasts.js';
import { form, hero, lead, title } from './public.css.js';

const EMPTY = { name: '', email: '', mobile: '', subject: '', message: '' };
type Field = keyof typeof EMPTY;

export default function ContactUs() {
  const { t } = useTranslation('public');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);

  const validate = () => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['name', 'subject', 'message'] as const)
      if (!values[field].trim()) found[field] = t('contact.required');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      found.email = t('contact.invalidEmail');
    if (values.mobile.trim() && !normalizeSaudiMobile(values.mobile))
      found.mobile = t('contact.invalidMobile');
    return found;
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setCaptchaMissing(!captchaToken);
    if (Object.keys(found).length > 0 || !captchaToken) return;
    setSending(true);
    try {
      const answer = await api.call(CONTRACT.contactUs, {
        body: {
          name: values.name.trim(),
          email: values.email.trim(),
          subject: values.subject.trim(),
          message: values.message.trim(),
          ...(values.mobile.trim() ? { mobile: values.mobile.trim() } : {}),
          captchaToken,
        },
      });
      setSent(answer.referenceNumber);
      toasts.show({
        variant: 'success',
        title: t('contact.sentTitle'),
        description: t('contact.sent', { reference: answer.referenceNumber }),
      });
    } catch {
      // What the user typed stays in the form; they can send again.
      reportFailure();
    } finally {
      // A check is good for one sending.
      setCaptchaRound((round) => round + 1);
      setSending(false);
    }
  };

  const field = (
    name: Field,
    extra: { multiline?: boolean; type?: string; isRequired?: boolean } = {},
  ) => (
    <TextField
      label={t(`contact.fields.${name}`)}
      value={values[name]}
      onChange={(value) => setValues({ ...values, [name]: value })}
      isInvalid={Boolean(errors[name])}
      errorMessage={errors[name]}
      multiline={extra.multiline}
      type={extra.type}
      isRequired={extra.isRequired}
    />
  );

  return (
    <section aria-labelledby="contact-title">
      <div className={hero}>
        <h1 id="contact-title" className={title}>
          {t('contact.title')}
        </h1>
        <p className={lead}>{t('contact.lead')}</p>
      </div>
      {sent ? (
        <p role="status">{t('contact.sent', { reference: sent })}</p>
      ) : (
        <form className={form} onSubmit={(event) => void submit(event)} noValidate>
          {field('name', { isRequired: true })}
          {field('email', { type: 'email', isRequired: true })}
          {field('mobile', { type: 'tel' })}
          {field('subject', { isRequired: true })}
          {field('message', { multiline: true, isRequired: true })}
          <Captcha
            action="contact"
            resetKey={captchaRound}
            onToken={setCaptchaToken}
            error={captchaMissing ? t('contact.captcha') : null}
          />
          <Button type="submit" isPending={sending}>
            {t('contact.send')}
          </Button>
        </form>
      )}
    </section>
  );
}

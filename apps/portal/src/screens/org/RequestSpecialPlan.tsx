/**
 * Asking for a special plan (SPEC §2 `/app/org/purchase/special/plan/buyspecialplan`): what for
 * (eSign counters, or seats of a role), how many, and why; sent once however often it is pressed
 * (Idempotency-Key), to the organization's L1 provider, which prices or refuses it. What was
 * typed stays when the server refuses it. What a press found missing is said until the next
 * press, not re-checked as a field commits: the quantity commits as its field loses focus, and
 * its message vanishing then would move the button from under the pointer between press and
 * release, and the press would be lost (as AllocationForm).
 */
import { CONTRACT } from '@tawqi/api';
import { SPECIAL_PLAN_TYPES, type SpecialPlanType } from '@tawqi/domain';
import { Button, NumberField, Select, TextField } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { ORG_PATHS } from '../../paths.js';
import { invalidate } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { formGrid } from '../../components/forms.css.js';

export default function RequestSpecialPlan() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [, navigate] = useLocation();
  const [planType, setPlanType] = useState<SpecialPlanType>('esign');
  const [quantity, setQuantity] = useState(Number.NaN);
  const [justification, setJustification] = useState('');
  // What was typed, as of now: the quantity commits as its field loses focus or on Enter, which
  // submits in the same keystroke — the send must see it, not the render before it.
  const typed = useRef({ quantity: Number.NaN, justification: '' });
  const [problems, setProblems] = useState<{ quantity: boolean; reason: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  // One key per form: pressing twice sends one request.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  if (!active) return null;
  const noQuantity = problems?.quantity ?? false;
  const noReason = problems?.reason ?? false;

  const send = async () => {
    const now = typed.current;
    const found = { quantity: !(now.quantity >= 1), reason: now.justification.trim() === '' };
    setProblems(found.quantity || found.reason ? found : null);
    if (found.quantity || found.reason) return;
    setSending(true);
    try {
      await api.call(
        CONTRACT.requestSpecialPlan,
        {
          body: {
            orgSlNo: active.slno,
            planType,
            quantity: now.quantity,
            justification: now.justification.trim(),
          },
        },
        { idempotencyKey },
      );
      toasts.show({ variant: 'success', title: t('special.form.sent') });
      await invalidate(CONTRACT.specialPlans.area);
      navigate(ORG_PATHS.specialPlans);
    } catch (error) {
      reportFailure(error);
      setSending(false);
    }
  };

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('special.form.title')}</h1>
      </div>
      <p className={muted}>{t('special.form.lead')}</p>
      <form
        className={formGrid}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Select
          label={t('special.form.type')}
          options={SPECIAL_PLAN_TYPES.map((type) => ({
            id: type,
            label: t(`special.types.${type}`),
          }))}
          value={planType}
          onChange={(key) => setPlanType(key as SpecialPlanType)}
        />
        <NumberField
          label={t('special.form.quantity')}
          minValue={1}
          maxValue={10_000_000}
          step={1}
          value={quantity}
          onChange={(value) => {
            typed.current = { ...typed.current, quantity: value };
            setQuantity(value);
          }}
          isRequired
          isInvalid={noQuantity}
          {...(noQuantity ? { errorMessage: t('special.form.quantityNeeded') } : {})}
        />
        <TextField
          label={t('special.form.justification')}
          description={t('special.form.justificationHint')}
          multiline
          isRequired
          maxLength={1000}
          value={justification}
          onChange={(value) => {
            typed.current = { ...typed.current, justification: value };
            setJustification(value);
          }}
          isInvalid={noReason}
          {...(noReason ? { errorMessage: t('special.form.justificationNeeded') } : {})}
        />
        <div className={actions}>
          {/* Pressed, not submitted: a press moves focus first, so the field being typed in commits. */}
          <Button isPending={sending} onPress={() => void send()}>
            {t('special.form.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * Allocating from an L1 provider's own counters to one of its L2 providers (issue 16): eSign
 * stock on the stock report, role counters on `buy/role/l2/counter/create`. The form shows what
 * the L1 has left of each (SPEC §3 "L1 remaining counters"; 0 when that call fails, SPEC §5),
 * refuses here what the server would refuse (no provider, nothing, more than is left), and sends
 * once per press with its own Idempotency-Key; the server's refusal (another admin allocated
 * meanwhile) is shown as it says it, and nothing typed is lost.
 */
import { CONTRACT } from '@tawqi/api';
import { Button, NumberField, Select } from '@tawqi/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { errorText, formGrid } from '../../components/forms.css.js';
import { useFormat } from '../../format.js';
import { invalidate, useApi } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, muted } from '../my/my.css.js';

const COUNTERS = {
  stock: ['esign'],
  roles: ['organizationUser', 'enrolmentAdmin', 'authorizedSignatory'],
} as const;
type Counter = (typeof COUNTERS)[keyof typeof COUNTERS][number];

/** Where each counter's remainder is in the L1 remaining-counters answer. */
const REMAINING = {
  esign: 'remainingEsignCounters',
  organizationUser: 'remainingOrganizationUserCounters',
  enrolmentAdmin: 'remainingEnrollmentAdminCounters',
  authorizedSignatory: 'remainingAuthorisedSignatoryCounters',
} as const;

export function AllocationForm({
  kind,
  provider,
  onDone,
}: {
  kind: keyof typeof COUNTERS;
  /** The L1 provider's slno. */
  provider: number;
  onDone?: () => void;
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const counters: readonly Counter[] = COUNTERS[kind];
  const l2s = useApi(CONTRACT.l2Sips, { query: { sipId: provider } });
  const remaining = useApi(CONTRACT.l1RemainingCounters, { body: { l1SipId: provider } });
  const [l2, setL2] = useState<number | null>(null);
  const [amounts, setAmounts] = useState<Partial<Record<Counter, number>>>({});
  // What was typed, as of now: a number commits as its field loses focus or on Enter, which
  // submits in the same keystroke — the send must see it, not the render before it.
  const typed = useRef(amounts);
  // What the last press found wrong. Kept until the next press, not re-checked as a field
  // commits: a message vanishing as its field loses focus would move the button from under the
  // pointer between press and release, and the press would be lost.
  const [problems, setProblems] = useState<{
    l2: boolean;
    nothing: boolean;
    tooMany: readonly Counter[];
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const leftOf = (counter: Counter) => remaining.data?.[REMAINING[counter]] ?? 0;
  const amountIn = (values: Partial<Record<Counter, number>>, counter: Counter) => {
    const value = values[counter];
    return value === undefined || Number.isNaN(value) ? 0 : value;
  };
  const checked = (values: Partial<Record<Counter, number>>) => ({
    total: counters.reduce((sum, counter) => sum + amountIn(values, counter), 0),
    tooMany: counters.filter((counter) => amountIn(values, counter) > leftOf(counter)),
  });
  const l2Missing = problems?.l2 ?? false;
  const nothing = problems?.nothing ?? false;
  const providers = l2s.data?.dataList ?? [];
  const nameOf = (id: number) => {
    const found = providers.find((one) => one.l2SipId === id);
    return found ? (format.language === 'ar' ? found.sipNameArabic : found.sipName) : '';
  };

  const send = async () => {
    const now = typed.current;
    const amountOf = (counter: Counter) => amountIn(now, counter);
    const { total, tooMany } = checked(now);
    const found = { l2: l2 === null, nothing: total === 0, tooMany };
    setProblems(found.l2 || found.nothing || tooMany.length > 0 ? found : null);
    if (l2 === null || total === 0 || tooMany.length > 0) return;
    setBusy(true);
    try {
      const options = { idempotencyKey: crypto.randomUUID() };
      const answer =
        kind === 'stock'
          ? await api.call(
              CONTRACT.allocateL2Stock,
              { body: { l1SipId: provider, l2SipId: l2, counters: total } },
              options,
            )
          : await api.call(
              CONTRACT.allocateL2RoleCounters,
              {
                body: {
                  l1SipId: provider,
                  l2SipId: l2,
                  organizationUserCounters: amountOf('organizationUser'),
                  enrollmentAdminCounters: amountOf('enrolmentAdmin'),
                  authorisedSignatoryCounters: amountOf('authorizedSignatory'),
                },
              },
              options,
            );
      // Above the four-eyes count it waits for a second staff member (issue 36).
      toasts.show(
        answer.awaitingSecondStaff
          ? { variant: 'info', title: t('providers.fourEyes.proposed') }
          : {
              variant: 'success',
              title:
                kind === 'stock'
                  ? t('providers.stock.done', { formatted: format.number(total), name: nameOf(l2) })
                  : t('providers.roles.done', { name: nameOf(l2) }),
            },
      );
      typed.current = {};
      setAmounts({});
      onDone?.();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      await invalidate(CONTRACT.l2StockAllocationReport.area);
    }
  };

  if (l2s.status === 'ready' && providers.length === 0)
    return <p className={muted}>{t('providers.form.noL2')}</p>;
  return (
    <form
      className={formGrid}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Select
        label={t('providers.form.l2')}
        placeholder={t('providers.form.chooseL2')}
        options={providers.map((one) => ({ id: String(one.l2SipId), label: nameOf(one.l2SipId) }))}
        value={l2 === null ? null : String(l2)}
        onChange={(key) => setL2(Number(key))}
        isRequired
        isInvalid={l2Missing}
        {...(l2Missing ? { errorMessage: t('providers.form.l2Needed') } : {})}
      />
      {counters.map((counter) => {
        const left = leftOf(counter);
        const over = problems?.tooMany.includes(counter) ?? false;
        return (
          <NumberField
            key={counter}
            label={counter === 'esign' ? t('providers.stock.counters') : t(`roles.${counter}`)}
            description={t('providers.form.left', { formatted: format.number(left) })}
            minValue={0}
            step={1}
            value={amounts[counter] ?? Number.NaN}
            onChange={(value) => {
              typed.current = { ...typed.current, [counter]: value };
              setAmounts(typed.current);
            }}
            isInvalid={over}
            {...(over
              ? { errorMessage: t('providers.form.tooMany', { formatted: format.number(left) }) }
              : {})}
          />
        );
      })}
      {nothing ? (
        <p className={errorText} role="alert">
          {t('providers.roles.atLeastOne')}
        </p>
      ) : null}
      <div className={actions}>
        {/* Pressed, not submitted: a press moves focus first, so the field being typed in commits. */}
        <Button isPending={busy} onPress={() => void send()}>
          {t('providers.form.send')}
        </Button>
      </div>
    </form>
  );
}

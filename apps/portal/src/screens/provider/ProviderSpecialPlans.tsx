/**
 * The special plans asked of an L1 provider (ours: issue 15 left where to us; issue 36 made it
 * its staff's, in the provider area): who asks, for what and why; priced — one counter or seat
 * before VAT and, for counters, how long they stay valid — or refused with remarks. Who asked, and
 * anyone of the organization that asked, does not decide; above the four-eyes amount a second
 * staff member confirms the same price (the server says so).
 */
import { CONTRACT } from '@tawqi/api';
import { providerSpecialPlansGrid } from '@tawqi/api/grids';
import { Button, NumberField } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { Facts, shown } from '../../components/Facts.js';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { invalidate } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions } from '../my/my.css.js';
import { RemarksDialog } from '../org/RemarksDialog.js';
import type { RequestRow } from '../org/SpecialPlans.js';
import { ProviderScreen } from './ProviderScreen.js';

/** A request made to the provider: who asks, for what, why; priced or refused here. */
function ProviderRequest({
  provider,
  row,
}: {
  provider: number;
  row: RequestRow & { organizationName: string; justification: string; requestedType: string };
}) {
  const { t } = useTranslation('org');
  const [price, setPrice] = useState(Number.NaN);
  const [months, setMonths] = useState(12);
  const [rejecting, setRejecting] = useState(false);
  // Found missing at the last press, and said until the next: a message vanishing as the field
  // commits would move the buttons from under the pointer and lose the press (AllocationForm).
  const [noPrice, setNoPrice] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const counters = row.requestedType === 'esign';
  const decide = async (approve: boolean, remarks = '') => {
    setBusy(approve ? 'approve' : 'reject');
    try {
      const answer = await api.call(
        CONTRACT.decideSpecialPlan,
        {
          body: {
            l1SipId: provider,
            requestSlNo: row.productKeyRequestSlNo,
            approve,
            ...(approve
              ? { unitPrice: price, ...(counters ? { validityMonths: months } : {}) }
              : { remarks }),
          },
        },
        { idempotencyKey: crypto.randomUUID() },
      );
      toasts.show(
        answer.awaitingSecondStaff
          ? { variant: 'info', title: t('providers.fourEyes.proposed') }
          : {
              variant: 'success',
              title: t(approve ? 'special.decide.approved' : 'special.decide.rejected'),
            },
      );
      setRejecting(false);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
      await invalidate(CONTRACT.providerSpecialPlans.area);
    }
  };
  return (
    <div>
      <Facts
        label={t('special.of', { id: row.transactionNo })}
        facts={[
          [t('special.organization'), row.organizationName],
          [t('special.asked'), row.planName],
          [t('special.justification'), row.justification],
          [t('users.detail.status'), <Status key="status" status={row.status} />],
          [t('special.remarks'), shown(row.errorMessage)],
        ]}
      />
      {row.status === 'pendingForApproval' ? (
        <>
          <div className={actions}>
            <NumberField
              label={t('special.decide.price')}
              minValue={0.01}
              step={0.01}
              formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
              value={price}
              onChange={setPrice}
              isRequired
              isInvalid={noPrice}
              {...(noPrice ? { errorMessage: t('special.decide.priceNeeded') } : {})}
            />
            {counters ? (
              <NumberField
                label={t('special.decide.validity')}
                minValue={1}
                maxValue={60}
                step={1}
                value={months}
                onChange={setMonths}
              />
            ) : null}
          </div>
          <div className={actions}>
            <Button
              isPending={busy === 'approve'}
              isDisabled={busy !== null}
              onPress={() => {
                setNoPrice(!(price > 0));
                if (price > 0) void decide(true);
              }}
            >
              {t('special.decide.approve')}
            </Button>
            <Button variant="danger" isDisabled={busy !== null} onPress={() => setRejecting(true)}>
              {t('special.decide.reject')}
            </Button>
          </div>
        </>
      ) : null}
      {rejecting ? (
        <RemarksDialog
          title={t('special.decide.rejectTitle', { id: row.transactionNo })}
          confirmLabel={t('special.decide.reject')}
          hint={t('special.decide.remarksHint')}
          busy={busy === 'reject'}
          onSend={(remarks) => void decide(false, remarks)}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </div>
  );
}

export default function ProviderSpecialPlans() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('special.title')} lead={t('special.decideLead')}>
      {({ provider }) => (
        <GridScreen
          grid={providerSpecialPlansGrid}
          label={t('special.title')}
          emptyTitle={t('special.emptyDecide')}
          searchLabel={t('special.search')}
          provider={provider}
          renderDetail={(row) => <ProviderRequest provider={provider} row={row} />}
        />
      )}
    </ProviderScreen>
  );
}

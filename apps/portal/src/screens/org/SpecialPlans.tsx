/**
 * Special plans (SPEC §2 `/app/org/purchase/special/plan`, §3 "Purchase rows"): the organization's
 * requests for negotiated plans — waiting for its L1 provider, priced, refused (with the
 * provider's remarks), paid or refused at the card — filtered from the URL and exported as
 * Special_Plan.xlsx; a priced request is paid from its row. An Enrolment Admin of an organization
 * of an L1 provider also decides, in a second tab, the requests made to that provider (ours:
 * issue 15 leaves where to us): the price of one counter or seat before VAT and, for counters, how
 * long they stay valid; or a refusal with remarks. Who asked does not decide (the server says so).
 */
import { CONTRACT } from '@tawqi/api';
import { providerSpecialPlansGrid, specialPlansGrid } from '@tawqi/api/grids';
import { isAllowed, queryIdOf, type SpecialPlanStatus } from '@tawqi/domain';
import { Button, Link, NumberField, Tabs } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { ReadState } from '../../components/ReadState.js';
import { Status } from '../../components/Status.js';
import { useFormat } from '../../format.js';
import { ORG_PATHS } from '../../paths.js';
import { goToGateway } from '../../payments.js';
import { invalidate, useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { Facts, shown } from '../../components/Facts.js';
import { RemarksDialog } from './RemarksDialog.js';
import { SectionLinks } from './SectionLinks.js';

/** A priced request that is not paid yet can be paid (again, after a refused card). */
const PAYABLE: readonly SpecialPlanStatus[] = ['approved', 'paymentFailure'];

interface RequestRow {
  transactionNo: string;
  productKeyRequestSlNo: number;
  planName: string;
  status: SpecialPlanStatus;
  errorMessage: string | null;
}

/** One of the organization's requests: what it is, what it costs, and paying it. */
function OurRequest({ organization, row }: { organization: number; row: RequestRow }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const [paying, setPaying] = useState(false);
  const lines = useApi(CONTRACT.specialPlanQuantityGrid, {
    params: { requestSlNo: row.productKeyRequestSlNo, planType: 'special' },
    body: { orgSlNo: organization },
  });
  if (lines.status === 'failed' || !lines.data) return <ReadState read={lines} small />;
  const [line] = lines.data.dataList;
  const pay = async () => {
    setPaying(true);
    try {
      const answer = await api.call(
        CONTRACT.paySpecialPlan,
        { body: { orgSlNo: organization, requestSlNo: row.productKeyRequestSlNo } },
        { idempotencyKey: crypto.randomUUID() },
      );
      goToGateway(answer.paymentUrl);
    } catch (error) {
      reportFailure(error);
      setPaying(false);
    }
  };
  return (
    <div>
      <Facts
        label={t('special.of', { id: row.transactionNo })}
        facts={[
          [t('special.asked'), row.planName],
          [t('buy.lines.validity'), line?.validity ?? '—'],
          [t('buy.lines.price'), format.sar(line?.price ?? 0)],
          [t('buy.lines.vat'), format.sar(line?.vat ?? 0)],
          [t('buy.lines.total'), format.sar(line?.totalPrice ?? 0)],
          [t('users.detail.status'), <Status key="status" status={row.status} />],
          [t('special.remarks'), shown(row.errorMessage)],
        ]}
      />
      {PAYABLE.includes(row.status) ? (
        <div className={actions}>
          <Button isPending={paying} onPress={() => void pay()}>
            {t('special.pay', { id: row.transactionNo })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

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
      await api.call(
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
      toasts.show({
        variant: 'success',
        title: t(approve ? 'special.decide.approved' : 'special.decide.rejected'),
      });
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

const TABS = ['ours', 'decide'] as const;

export default function SpecialPlans() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [params, setParams] = useSearchParams();
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active), provider: active.sipSlNo };
  const decides = isAllowed(active, 'manageL2Providers');
  const tab = (decides ? TABS.find((name) => name === params.get('tab')) : undefined) ?? 'ours';
  const ours = (
    <GridScreen
      grid={specialPlansGrid}
      label={t('special.tabs.ours')}
      emptyTitle={t('special.empty')}
      searchLabel={t('special.search')}
      organization={organization}
      renderDetail={(row) => <OurRequest organization={active.slno} row={row} />}
    />
  );
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('special.title')}</h1>
        <SectionLinks section="buying" />
      </div>
      <p className={muted}>{t('special.lead')}</p>
      <div className={actions}>
        <Link href={ORG_PATHS.requestSpecialPlan}>{t('special.ask')}</Link>
      </div>
      {decides ? (
        <Tabs
          label={t('special.title')}
          selectedKey={tab}
          onSelectionChange={(key) => {
            // A tab starts on its own first page and filter.
            setParams(key === 'ours' ? {} : { tab: String(key) });
          }}
          items={[
            { id: 'ours', label: t('special.tabs.ours'), content: ours },
            {
              id: 'decide',
              label: t('special.tabs.decide'),
              content: (
                <GridScreen
                  grid={providerSpecialPlansGrid}
                  label={t('special.tabs.decide')}
                  emptyTitle={t('special.emptyDecide')}
                  searchLabel={t('special.search')}
                  organization={organization}
                  renderDetail={(row) => <ProviderRequest provider={active.sipSlNo} row={row} />}
                />
              ),
            },
          ]}
        />
      ) : (
        ours
      )}
    </div>
  );
}

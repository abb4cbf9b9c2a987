/**
 * Special plans (SPEC §2 `/app/org/purchase/special/plan`, §3 "Purchase rows"): the organization's
 * requests for negotiated plans — waiting for its L1 provider, priced, refused (with the
 * provider's remarks), paid or refused at the card — filtered from the URL and exported as
 * Special_Plan.xlsx; a priced request is paid from its row. Its provider's staff decide it, in
 * the provider area (issue 36: provider/ProviderSpecialPlans).
 */
import { CONTRACT } from '@tawqi/api';
import { specialPlansGrid } from '@tawqi/api/grids';
import { queryIdOf, type SpecialPlanStatus } from '@tawqi/domain';
import { Button, Link } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { ReadState } from '../../components/ReadState.js';
import { Status } from '../../components/Status.js';
import { useFormat } from '../../format.js';
import { ORG_PATHS } from '../../paths.js';
import { goToGateway } from '../../payments.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure } from '../../toasts.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { Facts, shown } from '../../components/Facts.js';
import { failureFacts } from './Purchases.js';
import { SectionLinks } from './SectionLinks.js';

/** A priced request that is not paid yet can be paid (again, after a refused card). */
const PAYABLE: readonly SpecialPlanStatus[] = ['approved', 'paymentFailure'];

export interface RequestRow {
  transactionNo: string;
  productKeyRequestSlNo: number;
  planName: string;
  planType: string;
  status: SpecialPlanStatus;
  errorMessage: string | null;
  errorCode: string | null;
  responseStatus: string | null;
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
          [t('special.planType'), row.planType],
          [t('buy.lines.validity'), line?.validity ?? '—'],
          [t('buy.lines.price'), format.sar(line?.price ?? 0)],
          [t('buy.lines.vat'), format.sar(line?.vat ?? 0)],
          [t('buy.lines.total'), format.sar(line?.totalPrice ?? 0)],
          [t('users.detail.status'), <Status key="status" status={row.status} />],
          [t('special.remarks'), shown(row.errorMessage)],
          ...failureFacts(row, t),
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

export default function SpecialPlans() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active) };
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
      <GridScreen
        grid={specialPlansGrid}
        label={t('special.title')}
        emptyTitle={t('special.empty')}
        searchLabel={t('special.search')}
        organization={organization}
        renderDetail={(row) => <OurRequest organization={active.slno} row={row} />}
      />
    </div>
  );
}

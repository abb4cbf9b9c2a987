/**
 * What the organization bought (SPEC §2 `/app/org/buy/esign/plans` and `/app/org/buy/role/plans`,
 * §3 "Purchase rows"): its orders of eSign counters or of role seats that were paid or refused
 * at the gateway, filtered by text, dates and status from the URL and exported with the same
 * filter; each order opens its packs (§3 "Quantity rows"). Buying more is one link away.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { purchasedCountersGrid, rolePlanPurchasesGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { Link } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { GridScreen } from '../../components/GridScreen.js';
import { ReadState } from '../../components/ReadState.js';
import { useFormat } from '../../format.js';
import { ORG_PATHS } from '../../paths.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { Facts } from '../../components/Facts.js';
import { SectionLinks } from './SectionLinks.js';

export type PurchaseCategory = 'counter' | 'role';

const BUY_PATHS = { counter: ORG_PATHS.buyCounters, role: ORG_PATHS.buyRoleSeats } as const;

/** One order's packs: what each was, how many, and what they cost. */
function PurchaseLines({
  category,
  order,
  queryId,
}: {
  category: PurchaseCategory;
  order: { id: number; transactionNo: string };
  queryId: number;
}) {
  const { t } = useTranslation('org');
  // The two calls take and answer the same shapes.
  const call = category === 'counter' ? CONTRACT.counterQuantityGrid : CONTRACT.roleQuantityGrid;
  const lines = useApi(call as typeof CONTRACT.counterQuantityGrid, {
    params: { id: order.id },
    body: { sipSlNo: queryId },
  });
  if (lines.status === 'failed' || !lines.data) return <ReadState read={lines} small />;
  return (
    <OrderLines
      label={t('buy.lines.of', { order: order.transactionNo })}
      lines={lines.data.dataList}
    />
  );
}

type Line = EndpointOutput<typeof CONTRACT.counterQuantityGrid>['dataList'][number];

/** An order's packs: what each was, how many, and what they cost. */
export function OrderLines({ label, lines }: { label: string; lines: readonly Line[] }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  return (
    <div aria-label={label} role="group">
      {lines.map((line) => (
        <Facts
          key={line.planId}
          label={line.planDescription}
          facts={[
            [t('buy.lines.pack'), line.planDescription],
            [t('buy.lines.size'), format.number(line.size)],
            [t('buy.lines.quantity'), format.number(line.quantity)],
            [t('buy.lines.validity'), line.validity],
            [t('buy.lines.price'), format.sar(line.price)],
            [t('buy.lines.vat'), format.sar(line.vat)],
            [t('buy.lines.total'), format.sar(line.totalPrice)],
          ]}
        />
      ))}
    </div>
  );
}

export default function Purchases({ category }: { category: PurchaseCategory }) {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active) };
  const shared = {
    label: t(`buy.${category}.title`),
    emptyTitle: t(`buy.${category}.empty`),
    searchLabel: t('buy.search'),
    organization,
    renderDetail: (row: { productKeyRequestSlNo: number; transactionNo: string }) => (
      <PurchaseLines
        category={category}
        order={{ id: row.productKeyRequestSlNo, transactionNo: row.transactionNo }}
        queryId={organization.queryId}
      />
    ),
  };
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t(`buy.${category}.title`)}</h1>
        <SectionLinks section="buying" />
      </div>
      <p className={muted}>{t(`buy.${category}.lead`)}</p>
      <div className={actions}>
        <Link href={BUY_PATHS[category]}>{t(`buy.${category}.buy`)}</Link>
      </div>
      {category === 'counter' ? (
        <GridScreen grid={purchasedCountersGrid} {...shared} />
      ) : (
        <GridScreen grid={rolePlanPurchasesGrid} {...shared} />
      )}
    </div>
  );
}

/**
 * What the provider's server answered besides its message (SPEC §8: the rows carry errorCode and
 * responseStatus), shown when there is one: who reconciles a failure quotes the code.
 */
export function failureFacts(
  row: { errorCode: string | null; responseStatus: string | null },
  t: (key: string) => string,
): [string, ReactNode][] {
  return [
    ...(row.errorCode ? [[t('special.errorCode'), row.errorCode] as [string, ReactNode]] : []),
    ...(row.responseStatus
      ? [[t('special.responseStatus'), row.responseStatus] as [string, ReactNode]]
      : []),
  ];
}

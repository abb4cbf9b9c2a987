/** The columns of an eSign transaction row, shared by the dashboard and My transactions. */
import type { EndpointOutput, CONTRACT } from '@tawqi/api';
import { toneOf } from '@tawqi/domain';
import { Link, StatusBadge, type DataGridColumn } from '@tawqi/ui';
import type { TFunction } from 'i18next';
import type { useFormat } from '../../format.js';
import { transactionStatusPath } from '../../paths.js';
import { Verbatim } from '../../components/Verbatim.js';

export type MyTransaction = EndpointOutput<typeof CONTRACT.myTransactions>['dataList'][number];

export function transactionColumns(
  t: TFunction,
  format: ReturnType<typeof useFormat>,
): DataGridColumn<MyTransaction>[] {
  return [
    {
      id: 'transactionID',
      header: t('my:transactions.columns.id'),
      cell: (row) => (
        <Link href={transactionStatusPath(row.transactionID)}>
          <Verbatim>{row.transactionID}</Verbatim>
        </Link>
      ),
      isRowHeader: true,
      interactive: true,
      width: 180,
    },
    {
      id: 'transactionDate',
      header: t('my:transactions.columns.date'),
      cell: (row) => format.dateTime(row.transactionDate),
      width: 190,
    },
    { id: 'planType', header: t('my:transactions.columns.planType'), cell: (row) => row.planType },
    {
      id: 'originator',
      header: t('my:transactions.columns.originator'),
      // An application's own name, as it registered it (the portal's own is translated).
      cell: (row) => <Verbatim>{row.originator}</Verbatim>,
    },
    {
      id: 'numberOfDocuments',
      header: t('my:transactions.columns.documents'),
      cell: (row) => format.number(row.numberOfDocuments),
      align: 'end',
      width: 120,
    },
    {
      id: 'status',
      header: t('my:transactions.columns.status'),
      cell: (row) => <StatusBadge tone={toneOf(row.status)} label={row.statusLabel} />,
      width: 140,
    },
  ];
}

/** The cells of an eSign transaction row that are the individual area's own: its id opens its status page. */
import type { CONTRACT, EndpointOutput } from '@tawqi/api';
import { Link } from '@tawqi/ui';
import type { OwnCells } from '../../components/gridColumns.js';
import { Verbatim } from '../../components/Verbatim.js';
import { transactionStatusPath } from '../../paths.js';

export type MyTransaction = EndpointOutput<typeof CONTRACT.myTransactions>['dataList'][number];

export const TRANSACTION_CELLS: OwnCells<MyTransaction> = {
  transactionID: {
    cell: (row) => (
      <Link href={transactionStatusPath(row.transactionID)}>
        <Verbatim>{row.transactionID}</Verbatim>
      </Link>
    ),
    interactive: true,
  },
};

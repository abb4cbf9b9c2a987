/**
 * My transactions (SPEC §2, §7 `esign/my/transactions`): filtered by text, dates and status, paged
 * (zero-based on the wire), each row opening its documents (`esign/my/documents`). The filter and
 * page live in the URL; the export takes the same filter, in the chosen language.
 */
import { CONTRACT } from '@tawqi/api';
import {
  ESIGN_TRANSACTION_STATUSES,
  searchTypeOf,
  statusLabelKey,
  toWirePage,
} from '@tawqi/domain';
import { Button, DataGrid, EmptyState, ErrorState, FilterBar, Spinner } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { PAGE_SIZE, gridState, useFilterParams, usePageParam } from '../../grid.js';
import { reportFailure } from '../../toasts.js';
import { useCall } from '../../useCall.js';
import { heading, muted, plainList, screen, title } from './my.css.js';
import { transactionColumns } from './transactionColumns.js';
import { Verbatim } from '../../components/Verbatim.js';

function Documents({ transactionID }: { transactionID: string }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const documents = useCall(
    () => api.call(CONTRACT.myDocuments, { body: { transactionID } }),
    [transactionID],
  );
  if (documents.status === 'failed')
    return <ErrorState message={documents.message} onRetry={documents.reload} />;
  if (!documents.data) return <Spinner size="small" showLabel />;
  if (documents.data.dataList.length === 0)
    return <p className={muted}>{t('transactions.noDocuments')}</p>;
  return (
    <ul className={plainList} aria-label={t('transactions.documentsOf', { id: transactionID })}>
      {documents.data.dataList.map((document) => (
        <li key={document.uniqueFileID}>
          {format.number(document.rowCount)}. <Verbatim>{document.documentName}</Verbatim>
        </li>
      ))}
    </ul>
  );
}

export default function Transactions() {
  const { t } = useTranslation(['my', 'app']);
  const format = useFormat();
  const [page, setPage] = usePageParam();
  const [filter, setFilter, narrowed] = useFilterParams(ESIGN_TRANSACTION_STATUSES);
  const [exporting, setExporting] = useState(false);
  const criteria = {
    fromDate: filter.dateRange?.from ?? null,
    toDate: filter.dateRange?.to ?? null,
    search: filter.search,
    statuses: filter.statuses,
  };
  const call = useCall(
    () =>
      api.call(CONTRACT.myTransactions, {
        body: {
          type: searchTypeOf({ searchText: filter.search, dateRange: filter.dateRange }),
          limit: PAGE_SIZE,
          page: toWirePage(page, CONTRACT.myTransactions.pageBase),
          ...criteria,
        },
      }),
    [criteria, page],
  );

  const exportRows = async () => {
    setExporting(true);
    try {
      await api.download(CONTRACT.exportMyTransactions, {
        body: { ...criteria, language: format.language },
      });
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('transactions.title')}</h1>
      </div>
      <FilterBar
        value={filter}
        onChange={setFilter}
        statusOptions={ESIGN_TRANSACTION_STATUSES.map((status) => ({
          value: status,
          label: t(`app:${statusLabelKey(status)}`),
        }))}
        emptyValue={{ search: '', dateRange: null, statuses: [...ESIGN_TRANSACTION_STATUSES] }}
        searchLabel={t('transactions.search')}
      />
      <DataGrid
        label={t('transactions.title')}
        columns={transactionColumns(t, format)}
        rowKey={(row) => row.transactionID}
        {...gridState(call, (answer) => answer.dataList)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        isFiltered={narrowed}
        onClearFilters={() => {
          setFilter({ search: '', dateRange: null, statuses: [...ESIGN_TRANSACTION_STATUSES] });
        }}
        emptyState={<EmptyState title={t('transactions.empty')} />}
        renderDetail={(row) => <Documents transactionID={row.transactionID} />}
        toolbar={
          <Button
            variant="secondary"
            size="small"
            isPending={exporting}
            isDisabled={!call.data || call.data.totalCount === 0}
            onPress={() => void exportRows()}
          >
            {t('transactions.export')}
          </Button>
        }
      />
    </div>
  );
}

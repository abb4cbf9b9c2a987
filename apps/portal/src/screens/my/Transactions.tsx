/**
 * My transactions (SPEC §2, §7 `esign/my/transactions`): filtered by text, dates and status, paged
 * (zero-based on the wire), each row opening its documents (`esign/my/documents`). The filter and
 * page live in the URL; the export takes the same filter, in the chosen language.
 */
import { CONTRACT } from '@tawqi/api';
import { myTransactionsGrid } from '@tawqi/api/grids';
import { ReadState } from '../../components/ReadState.js';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import { heading, muted, plainList, screen, title } from './my.css.js';
import { SignedDocumentButton } from './SignedDocumentButton.js';
import { TRANSACTION_CELLS } from './transactionCells.js';

function Documents({ transactionID }: { transactionID: string }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const documents = useApi(CONTRACT.myDocuments, { body: { transactionID } });
  if (documents.status === 'failed' || !documents.data) return <ReadState read={documents} small />;
  if (documents.data.dataList.length === 0)
    return <p className={muted}>{t('transactions.noDocuments')}</p>;
  return (
    <ul className={plainList} aria-label={t('transactions.documentsOf', { id: transactionID })}>
      {documents.data.dataList.map((document) => (
        <li key={document.uniqueFileID}>
          {format.number(document.rowCount)}. <Verbatim>{document.documentName}</Verbatim>
          <SignedDocumentButton document={document} />
        </li>
      ))}
    </ul>
  );
}

export default function Transactions() {
  const { t } = useTranslation('my');
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('transactions.title')}</h1>
      </div>
      <GridScreen
        grid={myTransactionsGrid}
        label={t('transactions.title')}
        emptyTitle={t('transactions.empty')}
        searchLabel={t('transactions.search')}
        cells={TRANSACTION_CELLS}
        renderDetail={(row) => <Documents transactionID={row.transactionID} />}
      />
    </div>
  );
}

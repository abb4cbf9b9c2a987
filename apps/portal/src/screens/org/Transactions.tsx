/**
 * The organization's eSign transactions (SPEC §2 `/app/org/esign/transactions`, §7 "Organization
 * eSign transactions"): the active organization's, filtered by text, dates and status, paged, and
 * exported with the same filter as ESign_Transactions.xlsx in the active language. Each row is
 * numbered as the organization made it. The request and response viewers of a transaction come
 * with the eSign service (issue 19).
 */
import { orgEsignTransactionsGrid } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, screen, title } from '../my/my.css.js';

export default function OrgTransactions() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('transactions.title')}</h1>
      </div>
      {active ? (
        <GridScreen
          grid={orgEsignTransactionsGrid}
          label={t('transactions.title')}
          emptyTitle={t('transactions.empty')}
          searchLabel={t('transactions.search')}
          organization={{ slno: active.slno, queryId: queryIdOf(active) }}
        />
      ) : null}
    </div>
  );
}

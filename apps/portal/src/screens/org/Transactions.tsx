/**
 * The organization's eSign transactions (SPEC §2 `/app/org/esign/transactions`, §7 "Organization
 * eSign transactions"): the active organization's, filtered by text, dates, status and plan type
 * (the plan types its transactions have, from their call), paged, and exported with the same
 * filter as ESign_Transactions.xlsx in the active language. Each row is numbered as the
 * organization made it; opened, it offers the transaction's three records — the application's
 * request, the service's response and the signed response (JWS) — each readable,
 * pretty-printed, copyable and downloadable (issue 19). The provider account the transactions go
 * through heads the grid.
 */
import { CONTRACT } from '@tawqi/api';
import { orgEsignTransactionsGrid } from '@tawqi/api/grids';
import { localWord, queryIdOf } from '@tawqi/domain';
import { Button, Dialog, Select, Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridScreen } from '../../components/GridScreen.js';
import { ReadState } from '../../components/ReadState.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useGridParam } from '../../grid.js';
import { useApi } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { reportFailure, toasts } from '../../toasts.js';
import { heading, muted, screen, title } from '../my/my.css.js';
import { recordActions, recordText } from './org.css.js';

const RECORDS = [
  { kind: 'request', endpoint: CONTRACT.orgEsignRequest },
  { kind: 'response', endpoint: CONTRACT.orgEsignResponse },
  { kind: 'signResponse', endpoint: CONTRACT.orgEsignSignResponse },
] as const;
type RecordKind = (typeof RECORDS)[number]['kind'];

function PlanTypeFilter({ organization }: { organization: number }) {
  const { t } = useTranslation('org');
  const { language } = useFormat();
  const [planType, setPlanType] = useGridParam('planType');
  const types = useApi(CONTRACT.orgEsignPlanTypes, { query: { orgSlno: organization } });
  return (
    <Select
      label={t('transactions.planTypeFilter')}
      options={[
        { id: 'all', label: t('transactions.allPlanTypes') },
        ...(types.data?.dataList ?? []).map((type) => ({
          id: type,
          label: localWord(type, language),
        })),
      ]}
      value={planType || 'all'}
      onChange={(key) => {
        setPlanType(key === 'all' ? '' : String(key));
      }}
    />
  );
}

/** An address for a text to download, let go when the text changes or the dialog closes. */
function useObjectUrl(text: string | null, type: string): string | null {
  const url = useMemo(
    () => (text === null ? null : URL.createObjectURL(new Blob([text], { type }))),
    [text, type],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** One of a transaction's records, read when opened. */
function RecordDialog({
  organization,
  esignLogsID,
  txnId,
  kind,
  onClose,
}: {
  organization: number;
  esignLogsID: number;
  txnId: string;
  kind: RecordKind;
  onClose: () => void;
}) {
  const { t } = useTranslation('org');
  const endpoint =
    RECORDS.find((record) => record.kind === kind)?.endpoint ?? CONTRACT.orgEsignRequest;
  const record = useApi(endpoint, { query: { esignlogsSlNo: esignLogsID, orgSlno: organization } });
  const data = record.data;
  const extension = data?.contentType === 'application/json' ? 'json' : 'txt';
  const fileName = `${txnId}-${kind}.${extension}`;
  const href = useObjectUrl(data?.data ?? null, data?.contentType ?? 'text/plain');
  return (
    <Dialog
      title={t(`transactions.records.${kind}`)}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {record.status === 'failed' || !data ? (
        <ReadState read={record} small />
      ) : data.data === '' ? (
        <p className={muted}>{t('transactions.records.none')}</p>
      ) : (
        <>
          <div className={recordActions}>
            <Button
              variant="secondary"
              onPress={() => {
                navigator.clipboard.writeText(data.data).then(() => {
                  toasts.show({ variant: 'success', title: t('transactions.records.copied') });
                }, reportFailure);
              }}
            >
              {t('transactions.records.copy')}
            </Button>
            <a href={href ?? undefined} download={fileName}>
              {t('transactions.records.download')} <Verbatim>{fileName}</Verbatim>
            </a>
          </div>
          <pre className={recordText} tabIndex={0} aria-label={t(`transactions.records.${kind}`)}>
            <Verbatim>{data.data}</Verbatim>
          </pre>
        </>
      )}
    </Dialog>
  );
}

function Provider({ organization }: { organization: number }) {
  const { t } = useTranslation('org');
  const provider = useApi(CONTRACT.orgEsignSipId, { query: { orgSlno: organization } });
  if (!provider.data) return provider.status === 'failed' ? null : <Spinner />;
  return (
    <p className={muted}>
      {t('transactions.provider')}{' '}
      <Verbatim>{`${provider.data.sipId} · ${provider.data.sipLevel}`}</Verbatim>
    </p>
  );
}

export default function OrgTransactions() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  const [open, setOpen] = useState<{ esignLogsID: number; txnId: string; kind: RecordKind } | null>(
    null,
  );
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('transactions.title')}</h1>
      </div>
      {active ? (
        <>
          <Provider organization={active.slno} />
          <GridScreen
            grid={orgEsignTransactionsGrid}
            label={t('transactions.title')}
            emptyTitle={t('transactions.empty')}
            searchLabel={t('transactions.search')}
            organization={{ slno: active.slno, queryId: queryIdOf(active) }}
            filters={<PlanTypeFilter organization={active.slno} />}
            renderDetail={(row) => (
              <div className={recordActions}>
                {row.errorCode ? (
                  <p>
                    <Verbatim>{row.errorCode}</Verbatim> {row.errorMessage}
                  </p>
                ) : null}
                {RECORDS.map(({ kind }) => (
                  <Button
                    key={kind}
                    variant="secondary"
                    size="small"
                    onPress={() => {
                      setOpen({ esignLogsID: row.esignLogsID, txnId: row.sipTxnId, kind });
                    }}
                  >
                    {t(`transactions.records.${kind}`)}
                  </Button>
                ))}
              </div>
            )}
          />
          {open ? (
            <RecordDialog
              organization={active.slno}
              {...open}
              onClose={() => {
                setOpen(null);
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

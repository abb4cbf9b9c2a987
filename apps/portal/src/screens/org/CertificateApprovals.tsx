/**
 * Certificate approvals (SPEC §2 `approval/dsc`; issue 18): members' requests for certificates
 * bound to the active organization, starting on the open ones, filtered and paged from the URL. A
 * row opens the request: who asked, for which certificate, with which key; an open one is
 * approved (the member then confirms it in the identity app and it is issued) or rejected with
 * remarks the member reads. The admin who asked for one sees that another admin decides it.
 */
import { CONTRACT } from '@tawqi/api';
import { certificateApprovalsGrid, type RowOf } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { GridScreen } from '../../components/GridScreen.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { invalidate } from '../../queries.js';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, muted, screen, title } from '../my/my.css.js';
import { Decision } from './Decision.js';
import { Facts, shown } from '../../components/Facts.js';
import { SectionLinks } from './SectionLinks.js';

type Row = RowOf<typeof CONTRACT.certificateApprovals>;

function Request({ organization, row }: { organization: number; row: Row }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const name = format.language === 'ar' ? row.fullNameArabic : row.fullNameEnglish;
  return (
    <div>
      <Facts
        label={t('dscApprovals.of', { name })}
        facts={[
          [t('dscApprovals.reference'), <Verbatim key="reference">{row.reference}</Verbatim>],
          [t('dscApprovals.certificate'), row.productName],
          [t('dscApprovals.key'), <Verbatim key="key">{shown(row.keyAlgorithm)}</Verbatim>],
          [t('dscApprovals.requested'), format.dateTime(row.createdDate)],
          [t('dscApprovals.decided'), row.decidedDate ? format.dateTime(row.decidedDate) : '—'],
          [t('users.detail.status'), <Status key="status" status={row.status} />],
          [t('approvals.remarks'), shown(row.remarks)],
        ]}
      />
      {row.status === 'approvalPending' ? (
        <Decision
          name={name}
          createdByYou={row.createdByYou}
          approvedText={t('dscApprovals.approved')}
          onSettled={() => invalidate(CONTRACT.certificateApprovals.area)}
          send={(action, remarks) =>
            api.call(CONTRACT.processCertificateRequest, {
              body: {
                orgSlNo: organization,
                reference: row.reference,
                action,
                ...(action === 'reject' ? { remarks } : {}),
              },
            })
          }
        />
      ) : null}
    </div>
  );
}

export default function CertificateApprovals() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('dscApprovals.title')}</h1>
        <SectionLinks section="approvals" />
      </div>
      <p className={muted}>{t('dscApprovals.lead')}</p>
      <GridScreen
        grid={certificateApprovalsGrid}
        label={t('dscApprovals.title')}
        emptyTitle={t('dscApprovals.empty')}
        searchLabel={t('dscApprovals.search')}
        organization={{ slno: active.slno, queryId: queryIdOf(active) }}
        renderDetail={(row) => <Request organization={active.slno} row={row} />}
      />
    </div>
  );
}

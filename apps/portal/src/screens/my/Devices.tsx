/** Registered devices (SPEC §2, §7 `devices/registeredDevices/{page}/{size}`), paged. */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { DataGrid, EmptyState, type DataGridColumn } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { PAGE_SIZE, gridState, usePageParam } from '../../grid.js';
import { useCall } from '../../useCall.js';
import { heading, muted, screen, title } from './my.css.js';

type Device = EndpointOutput<typeof CONTRACT.registeredDevices>['dataList'][number];

export default function Devices() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [page, setPage] = usePageParam();
  const call = useCall(
    () => api.call(CONTRACT.registeredDevices, { params: { page, size: PAGE_SIZE } }),
    [page],
  );
  const columns: DataGridColumn<Device>[] = [
    {
      id: 'deviceModel',
      header: t('devices.columns.model'),
      cell: (row) => row.deviceModel,
      isRowHeader: true,
    },
    { id: 'deviceType', header: t('devices.columns.type'), cell: (row) => row.deviceType },
    { id: 'appVersion', header: t('devices.columns.appVersion'), cell: (row) => row.appVersion },
    {
      id: 'createdDate',
      header: t('devices.columns.registered'),
      cell: (row) => format.dateTime(row.createdDate),
    },
  ];
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('devices.title')}</h1>
      </div>
      <p className={muted}>{t('devices.lead')}</p>
      <DataGrid
        label={t('devices.title')}
        columns={columns}
        rowKey={(row) => String(row.deviceSlno)}
        {...gridState(call, (answer) => answer.dataList)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyState={<EmptyState title={t('devices.empty')} description={t('devices.emptyHint')} />}
      />
    </div>
  );
}

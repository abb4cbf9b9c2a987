/**
 * Registered devices (SPEC §2, §7 `devices/registeredDevices/{page}/{size}`), paged. The device
 * this page runs on comes first, marked "This device"; any other can be removed after a
 * confirmation, which ends its sessions at once (our `removeRegisteredDevice`). This device has
 * no Remove: signing out is how a person leaves it.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Button, DataGrid, EmptyState, StatusBadge, type DataGridColumn } from '@tawqi/ui';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { PAGE_SIZE, gridState, usePageParam } from '../../grid.js';
import { reportFailure, toasts } from '../../toasts.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Verbatim } from '../../components/Verbatim.js';
import { invalidate, useApi } from '../../queries.js';
import { heading, muted, screen, title } from './my.css.js';

type Device = EndpointOutput<typeof CONTRACT.registeredDevices>['dataList'][number];

export default function Devices() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [page, setPage] = usePageParam();
  const call = useApi(
    CONTRACT.registeredDevices,
    { params: { page, size: PAGE_SIZE } },
    { keepPrevious: true },
  );
  const [removing, setRemoving] = useState<Device | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (device: Device) => {
    setBusy(true);
    try {
      await api.call(CONTRACT.removeRegisteredDevice, {
        body: { deviceSlno: device.deviceSlno },
      });
      toasts.show({ variant: 'success', title: t('devices.removed') });
      setRemoving(null);
      void invalidate(CONTRACT.registeredDevices.area);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataGridColumn<Device>[] = [
    {
      id: 'deviceModel',
      header: t('devices.columns.model'),
      // Browser and system names are brands, written as they are.
      cell: (row) => (
        <span>
          <Verbatim>{row.deviceModel}</Verbatim>
          {row.isThisDevice ? (
            <>
              {' '}
              <StatusBadge tone="info" label={t('devices.thisDevice')} />
            </>
          ) : null}
        </span>
      ),
      isRowHeader: true,
    },
    { id: 'deviceType', header: t('devices.columns.type'), cell: (row) => row.deviceType },
    {
      id: 'appVersion',
      header: t('devices.columns.appVersion'),
      cell: (row) => <Verbatim>{row.appVersion}</Verbatim>,
    },
    {
      id: 'createdDate',
      header: t('devices.columns.registered'),
      cell: (row) => format.dateTime(row.createdDate),
    },
    {
      id: 'actions',
      header: t('devices.columns.actions'),
      cell: (row) =>
        row.isThisDevice ? null : (
          <Button
            variant="secondary"
            size="small"
            aria-label={t('devices.removeNamed', { device: row.deviceModel })}
            onPress={() => setRemoving(row)}
          >
            {t('devices.remove')}
          </Button>
        ),
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
        {...gridState(call, call.data?.dataList ?? [], call.data?.totalCount ?? 0)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyState={<EmptyState title={t('devices.empty')} description={t('devices.emptyHint')} />}
      />
      {removing ? (
        <ConfirmDialog
          title={t('devices.confirmTitle')}
          alert
          keepLabel={t('devices.keep')}
          confirmLabel={t('devices.remove')}
          variant="danger"
          busy={busy}
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>
            {/* The device's name as it was registered (brand names): not translated. */}
            <Trans
              t={t}
              i18nKey="devices.confirmText"
              values={{ device: removing.deviceModel }}
              components={{ device: <bdi translate="no" /> }}
            />
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

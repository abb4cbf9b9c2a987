/**
 * The header's notifications (SPEC §2 "Registered devices and notifications"): a button with the
 * unread count, opening a panel with the newest notifications (read again on each opening). What
 * the panel showed as unread is then marked read, so the count goes down at once; the panel keeps
 * marking them "new" until it is opened again.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import {
  Button,
  EmptyState,
  ErrorState,
  Popover,
  Spinner,
  StatusBadge,
  VisuallyHidden,
} from '@tawqi/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.js';
import { useFormat } from '../format.js';
import { useApi } from '../queries.js';
import { readHeaderNotifications } from './Notifications.reads.js';
import {
  countBadge,
  notificationItem,
  notificationList,
  notificationMeta,
} from './notifications.css.js';

type Notification = EndpointOutput<typeof CONTRACT.myNotifications>['dataList'][number];

/** Notifications, newest first; unread ones carry a "new" badge (the header panel, the dashboard). */
export function NotificationList({ items }: { items: readonly Notification[] }) {
  const { t } = useTranslation('app');
  const format = useFormat();
  return (
    <ul className={notificationList}>
      {items.map((item) => (
        <li key={item.notificationSlno} className={notificationItem}>
          <strong>{item.title}</strong>
          <span>{item.message}</span>
          <span className={notificationMeta}>
            <time dateTime={item.createdDate}>{format.dateTime(item.createdDate)}</time>
            {item.isRead ? null : <StatusBadge tone="info" label={t('notifications.new')} />}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Notifications() {
  const { t } = useTranslation('app');
  const format = useFormat();
  const notifications = useApi(CONTRACT.myNotifications, {}, { early: readHeaderNotifications });
  const [open, setOpen] = useState(false);
  const [markedRead, setMarkedRead] = useState<ReadonlySet<number>>(new Set());

  const list = notifications.data?.dataList ?? [];
  const unread = list.filter((item) => !item.isRead && !markedRead.has(item.notificationSlno));
  const unreadCount = Math.max(
    0,
    (notifications.data?.unreadCount ?? 0) -
      list.filter((item) => !item.isRead && markedRead.has(item.notificationSlno)).length,
  );

  // Once the open panel has shown unread notifications, they are read.
  const unreadSlnos = unread.map((item) => item.notificationSlno).join(',');
  useEffect(() => {
    if (!open || notifications.status !== 'ready' || !unreadSlnos) return;
    const slnos = unreadSlnos.split(',').map(Number);
    api.call(CONTRACT.markNotificationsRead, { body: { notificationSlnos: slnos } }).then(
      () => {
        setMarkedRead((previous) => new Set([...previous, ...slnos]));
      },
      // Not marking them read loses nothing: they stay unread and are marked next time.
      () => undefined,
    );
  }, [open, notifications.status, unreadSlnos]);

  return (
    <Popover
      title={t('nav.notifications')}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) notifications.reload();
      }}
      trigger={
        <Button variant="ghost" size="small">
          {t('nav.notifications')}
          {unreadCount > 0 ? (
            <>
              {' '}
              <span className={countBadge}>{format.number(unreadCount)}</span>{' '}
              <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>
            </>
          ) : null}
        </Button>
      }
    >
      {notifications.status === 'failed' ? (
        <ErrorState
          message={notifications.message}
          retryAt={notifications.retryAt}
          onRetry={notifications.reload}
        />
      ) : notifications.status === 'loading' && !notifications.data ? (
        <Spinner showLabel />
      ) : list.length === 0 ? (
        <EmptyState title={t('notifications.empty')} />
      ) : (
        <NotificationList items={list} />
      )}
    </Popover>
  );
}

/**
 * A person's notifications (SPEC §7 "Dashboards, devices, notifications"): the latest fifty in
 * the caller's language with the unread count, and marking some read. The caller's own only.
 */
import type { Language } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';

/** How many notifications the header's list shows. */
const LATEST = 50;

export async function notificationsOf(db: Queryable, userSlno: number, language: Language) {
  const { rows } = await db.query<{
    notification_slno: number;
    title_en: string;
    title_ar: string;
    message_en: string;
    message_ar: string;
    created_at: Date;
    is_read: boolean;
  }>(
    `SELECT notification_slno, title_en, title_ar, message_en, message_ar, created_at, is_read
       FROM notifications WHERE user_slno = $1 ORDER BY created_at DESC LIMIT $2`,
    [userSlno, LATEST],
  );
  return {
    dataList: rows.map((row) => ({
      notificationSlno: row.notification_slno,
      title: language === 'ar' ? row.title_ar : row.title_en,
      message: language === 'ar' ? row.message_ar : row.message_en,
      createdDate: row.created_at.toISOString(),
      isRead: row.is_read,
    })),
    unreadCount: rows.filter((row) => !row.is_read).length,
  };
}

/** Marks the person's notifications of these slnos read: all of them, or none when one is not theirs. */
export async function markNotificationsRead(
  db: Queryable,
  userSlno: number,
  slnos: readonly number[],
): Promise<boolean> {
  // All of them the caller's, or none is marked: another person's id is not found (404).
  const { rowCount } = await db.query(
    `UPDATE notifications SET is_read = true
      WHERE user_slno = $1 AND notification_slno = ANY($2::int[])
        AND (SELECT count(*) FROM notifications WHERE user_slno = $1 AND notification_slno = ANY($2::int[]))
          = (SELECT count(DISTINCT id) FROM unnest($2::int[]) AS ids(id))`,
    [userSlno, slnos],
  );
  return slnos.length === 0 || (rowCount ?? 0) > 0;
}

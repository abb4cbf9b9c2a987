/**
 * Registered devices (SPEC §2 "Registered devices"): a browser is registered to an account when
 * it signs in, described from its User-Agent so a person can tell their devices apart (bowser, a
 * well-kept MIT parser: "Chrome · Linux", "Safari · iOS"), and can be removed, which ends its
 * sessions at once and makes it an unknown device again for the password lockout.
 */
import type { Language } from '@tawqi/domain';
import Bowser from 'bowser';
import { pageWithTotal } from '../../db/paging.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { localWord } from '../words.js';

export interface DeviceDescription {
  /** desktop, mobile or tablet (shown in the caller's language), or Browser when not told. */
  type: string;
  /** Browser and system, e.g. "Chrome · Linux"; brand names, shown as they are. */
  model: string;
  /** The browser's major version. */
  version: string;
}

export function describeDevice(userAgent: string | undefined): DeviceDescription {
  if (!userAgent) return { type: 'Browser', model: 'Web browser', version: 'web' };
  const parsed = Bowser.parse(userAgent);
  // bowser answers "" for what it cannot tell: an empty answer counts as none.
  const told = (value: string | undefined) => (value === '' ? undefined : value);
  const browser = told(parsed.browser.name) ?? 'Web browser';
  const system = told(parsed.os.name);
  return {
    type: told(parsed.platform.type) ?? 'Browser',
    model: system ? `${browser} · ${system}` : browser,
    version: told(parsed.browser.version?.split('.')[0]) ?? 'web',
  };
}

/** Registers the browser a person signed in from (once per account and device id). */
export async function registerDevice(
  pool: Queryable,
  input: { userSlno: number; deviceId: string; userAgent: string | undefined; now: Date },
): Promise<void> {
  const device = describeDevice(input.userAgent);
  // INSERT … SELECT: a device already known takes no number of the 4-byte sequence (an
  // INSERT … ON CONFLICT took one on every sign-in).
  await pool.query(
    `INSERT INTO registered_devices (user_slno, device_id, device_type, device_model, app_version, created_at)
     SELECT $1::integer, $2, $3, $4, $5, $6::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM registered_devices WHERE user_slno = $1 AND device_id = $2)
     ON CONFLICT (user_slno, device_id) DO NOTHING`,
    [input.userSlno, input.deviceId, device.type, device.model, device.version, input.now],
  );
}

/**
 * Removes one of a person's devices and ends every session it holds, in one transaction.
 * Another person's device is "not found" (false), never theirs to remove.
 */
export async function removeDevice(
  pool: Queryable,
  input: { userSlno: number; deviceSlno: number; now: Date },
): Promise<{ removed: false } | { removed: true; sessionsEnded: number }> {
  return inTransaction(pool, async (client) => {
    const device = (
      await client.query<{ device_id: string }>(
        'DELETE FROM registered_devices WHERE device_slno = $1 AND user_slno = $2 RETURNING device_id',
        [input.deviceSlno, input.userSlno],
      )
    ).rows[0];
    if (!device) return { removed: false } as const;
    const ended = await client.query(
      `UPDATE sessions SET revoked_at = $3, revoke_reason = 'device-removed'
        WHERE user_slno = $1 AND device_id = $2 AND revoked_at IS NULL`,
      [input.userSlno, device.device_id, input.now],
    );
    return { removed: true, sessionsEnded: ended.rowCount ?? 0 } as const;
  });
}

/**
 * One page of a person's registered devices, the asking device first, then the newest; its
 * descriptions in the caller's language.
 */
export async function devicesPage(
  db: Queryable,
  input: { userSlno: number; deviceId: string; size: number; offset: number; language: Language },
) {
  const { rows, total } = await pageWithTotal<{
    device_slno: number;
    device_type: string;
    device_model: string;
    created_at: Date;
    app_version: string;
    is_this_device: boolean;
  }>(db, {
    rows: `SELECT device_slno, device_type, device_model, created_at, app_version, device_id = $4 AS is_this_device
         FROM registered_devices WHERE user_slno = $1
        ORDER BY device_id = $4 DESC, created_at DESC, device_slno DESC LIMIT $2 OFFSET $3`,
    count: 'SELECT count(*) FROM registered_devices WHERE user_slno = $1',
    values: [input.userSlno, input.size, input.offset, input.deviceId],
  });
  const { language } = input;
  return {
    dataList: rows.map((row) => ({
      deviceSlno: row.device_slno,
      deviceType: localWord(row.device_type, language),
      deviceModel: localWord(row.device_model, language),
      createdDate: row.created_at.toISOString(),
      appVersion: localWord(row.app_version, language),
      isThisDevice: row.is_this_device,
    })),
    totalCount: total,
  };
}

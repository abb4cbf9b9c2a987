/**
 * Every upload is scanned before anything reads it: the portal's documents, the
 * public verify page's PDFs and the eSign service's PDFs. What the scanner flags is quarantined
 * (kept for the operator, served to nobody) and audited; the upload is refused. When no verdict
 * can be had the upload is refused too, and may be sent again: nothing unscanned gets in.
 */
import { createHash } from 'node:crypto';
import { inTransaction } from '../../db/pool.js';
import type { Deps } from '../../deps.js';
import { ScannerUnavailable } from '../../adapters/scanner/clamd.js';
import type { Language } from '@tawqi/domain';
import type { UploadInspector, UploadSource } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import type { AuditContext } from '../audit/log.js';

export type ScanOutcome = 'clean' | 'flagged' | 'unavailable';

export async function scanUpload(
  deps: Pick<Deps, 'pool' | 'scanner' | 'audit' | 'clock'>,
  bytes: Buffer,
  source: UploadSource,
  context: AuditContext,
): Promise<ScanOutcome> {
  // Nothing to scan in no bytes (the upload's own check refuses them); clamscan's stream of
  // nothing sometimes gets no answer from clamd, which read as "scanner down" (a CI run's 503).
  if (!deps.scanner || bytes.length === 0) return 'clean';
  let finding: string;
  try {
    const verdict = await deps.scanner.scan(bytes);
    if (verdict.clean) return 'clean';
    finding = verdict.finding;
  } catch (error) {
    if (error instanceof ScannerUnavailable) return 'unavailable';
    throw error;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await inTransaction(deps.pool, async (tx) => {
    await tx.query(
      `INSERT INTO quarantined_uploads (at, source, finding, sha256, size, name, media_type, actor, org_slno, address, content)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        deps.clock(),
        source.call,
        finding,
        sha256,
        bytes.length,
        source.name?.slice(0, 255) ?? null,
        source.mediaType?.slice(0, 100) ?? null,
        context.actor,
        context.orgSlno,
        context.address,
        bytes,
      ],
    );
    await deps.audit.record(tx, context, {
      action: 'upload.quarantined',
      outcome: 'denied',
      target: sha256,
      detail: { call: source.call, finding, size: bytes.length },
    });
  });
  return 'flagged';
}

const FLAGGED: Record<Language, string> = {
  en: 'The malware scanner flagged this file, so it was not accepted. Check the file and send a clean copy.',
  ar: 'رصد فاحص البرمجيات الضارة خطرًا في هذا الملف فلم يُقبل. افحص الملف وأرسل نسخة سليمة.',
};

const SCANNER_DOWN: Record<Language, string> = {
  en: 'Files cannot be checked for malware just now, so none are accepted. Try again in a minute.',
  ar: 'تعذّر فحص الملفات من البرمجيات الضارة الآن، فلا يُقبل أي ملف. حاول بعد دقيقة.',
};

/** Scans a contract call's upload: refused (422) when flagged, 503 when it cannot be scanned. */
export function uploadInspector(
  deps: Pick<Deps, 'pool' | 'scanner' | 'audit' | 'clock'>,
): UploadInspector {
  return async (upload, source, context) => {
    const outcome = await scanUpload(deps, upload.bytes, source, context);
    if (outcome === 'flagged') throw new AppError(422, 'VALIDATION_FAILED', { localized: FLAGGED });
    if (outcome === 'unavailable')
      throw new AppError(503, 'SERVICE_UNAVAILABLE', {
        localized: SCANNER_DOWN,
        headers: { 'retry-after': '60' },
      });
  };
}

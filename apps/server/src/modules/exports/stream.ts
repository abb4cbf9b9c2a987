/**
 * One way every export is written (SECURITY.md "Exports", issue 11): before a byte is written the
 * caller's rate (EXPORTS_PER_MINUTE a minute per user), the server's load (EXPORTS_AT_ONCE written
 * at a time) and the size (at most EXPORT_MAX_ROWS rows: a larger export asks for a narrower
 * filter) are checked; then the file streams through the safe cell writer as it is read.
 */
import { PassThrough } from 'node:stream';
import type { Language } from '@tawqi/domain';
import type { Config } from '../../config.js';
import type { Pool } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { hit } from '../throttle.js';
import { writeXlsx, type ExportColumn, type SummarySheet } from './xlsx.js';

export interface ExportRequest<Row> {
  /** Who asks, for the per-user rate. */
  userSlno: number;
  /** How many rows the export will hold (the same filter as `rows`). */
  count: () => Promise<number>;
  rows: () => AsyncIterable<Row> | Iterable<Row>;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  language: Language;
  /** A report's summary, a sheet of its own before the rows. */
  summary?: () => Promise<SummarySheet>;
}

export interface ExportWriter {
  stream<Row>(request: ExportRequest<Row>): Promise<PassThrough>;
  /** Exports being written now on this server. */
  readonly running: number;
}

/** What the writer needs (not `Deps`, which holds the writer: no circle between them). */
export interface ExportWriterDeps {
  pool: Pool;
  config: Config;
  clock: () => Date;
}

export function createExportWriter(deps: ExportWriterDeps): ExportWriter {
  let running = 0;
  return {
    get running() {
      return running;
    },
    async stream(request) {
      const { config } = deps;
      const rate = await hit(
        deps.pool,
        `export:${String(request.userSlno)}`,
        config.EXPORTS_PER_MINUTE,
        60,
        deps.clock(),
      );
      if (!rate.allowed)
        throw new AppError(429, 'RATE_LIMITED', {
          headers: { 'retry-after': String(rate.retryAfterSeconds) },
        });
      if (running >= config.EXPORTS_AT_ONCE)
        throw new AppError(503, 'SERVICE_UNAVAILABLE', {
          headers: { 'retry-after': '5' },
          localized: {
            en: 'Other exports are being written. Try again in a few seconds.',
            ar: 'يجري إعداد ملفات تصدير أخرى. حاول مرة أخرى بعد ثوانٍ.',
          },
        });
      running += 1;
      let released = false;
      const release = () => {
        if (!released) running -= 1;
        released = true;
      };
      let summary: SummarySheet | undefined;
      try {
        const total = await request.count();
        if (total > config.EXPORT_MAX_ROWS)
          throw new AppError(422, 'EXPORT_TOO_LARGE', {
            detail: `at most ${String(config.EXPORT_MAX_ROWS)} rows; this filter has ${String(total)}`,
          });
        summary = await request.summary?.();
      } catch (error) {
        release();
        throw error;
      }
      const output = new PassThrough();
      output.once('close', release);
      // The file streams as it is written; a failure part-way ends the download broken, not silent.
      writeXlsx(output, {
        sheetName: request.sheetName,
        columns: request.columns,
        rows: request.rows(),
        language: request.language,
        summary,
      })
        .catch((error: unknown) => {
          output.destroy(error instanceof Error ? error : new Error(String(error)));
        })
        .finally(release);
      return output;
    },
  };
}

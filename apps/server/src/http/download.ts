/**
 * Files the server sends (exports, agreements): saved, never shown in place. The name is sent per
 * RFC 6266 with an ASCII fallback and the exact name in `filename*` (UTF-8, RFC 8187), so an
 * Arabic name arrives intact; `Content-Security-Policy: sandbox` keeps a file opened in the
 * browser anyway from running anything or reaching the site's origin.
 */
import type { Readable } from 'node:stream';

/**
 * What a handler answers for a file: its bytes or a stream, and its name and media type when not
 * the contract's (a stored document has its own).
 */
export class FileAnswer {
  constructor(
    readonly body: Buffer | Readable,
    readonly fileName?: string,
    readonly mediaType?: string,
  ) {}
}

function encodeRfc8187(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\w.\- ]/g, '_').replace(/^\.+/, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

export function downloadHeaders(fileName: string, mediaType: string): Record<string, string> {
  return {
    'content-type': mediaType,
    'content-disposition': contentDisposition(fileName),
    'content-security-policy': 'sandbox',
    'x-content-type-options': 'nosniff',
  };
}

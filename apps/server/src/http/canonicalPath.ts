/**
 * A request's path must be written the one way: routing decodes percent-escapes, so `/%61pi/…`
 * would reach `/api/…` past every decision made on the raw path (the rate limit, no-store). A path
 * with a needless escape (of a letter, digit, `-._~`: RFC 3986 §6.2.2.2), an escaped control
 * character, a malformed escape, a dot segment, an empty segment or a backslash is refused with
 * 400 before routing. Escapes of reserved characters stay: `/pki/ocsp/` takes base64
 * with `%2F` and `%2B` in it (RFC 6960 A.1).
 */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function isCanonicalPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/') || path.includes('\\') || path.includes('//')) return false;
  if (/\/\.\.?(?:\/|$)/.test(path)) return false;
  for (let at = path.indexOf('%'); at !== -1; at = path.indexOf('%', at + 1)) {
    const hex = path.slice(at + 1, at + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
    const code = Number.parseInt(hex, 16);
    if (code < 0x20 || code === 0x7f || UNRESERVED.test(String.fromCharCode(code))) return false;
  }
  return true;
}

/** Where a request with a path not in canonical form is sent, to be answered 400. */
export const NON_CANONICAL_PATH = '/__non-canonical-path';

/**
 * The eSign error catalogue (@tawqi/api's ESIGN_ERRORS) as the server says it: a key's code and
 * message in a language, and a stored code read back. Light on purpose: the organization's
 * transaction grid uses it without loading the signing code.
 */
import { ESIGN_ERRORS, esignErrorKey, type EsignErrorKey } from '@tawqi/api';
import type { Language } from '@tawqi/domain';

export function errorOf(key: EsignErrorKey, language: Language) {
  return { code: ESIGN_ERRORS[key].code, message: ESIGN_ERRORS[key][language] };
}

/** A stored error code in the caller's language (a code the catalogue does not know as itself). */
export function storedError(code: string | null, language: Language) {
  if (!code) return null;
  const key = esignErrorKey(code);
  return key ? errorOf(key, language) : { code, message: code };
}

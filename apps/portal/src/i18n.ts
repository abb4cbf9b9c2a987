/**
 * i18next per SPEC §4, §8, §9: Arabic saved when no language is stored; detection order query
 * `lng`, cookie, localStorage, sessionStorage, browser, html lang; cached in localStorage
 * `i18nextLng`; English fallback for other languages (only the shown language is loaded);
 * namespaces from the domain; translations from /locales/{lng}/{ns}.json with at most 10 parallel
 * reads and 5 retries from 350 ms doubling (i18next's own loader does both).
 *
 * The detection order and which failed reads are retried are the domain's rules, tested there;
 * i18next meets them through its two plugin interfaces, a language detector and a backend, each a
 * few lines here. (i18next-browser-languagedetector and i18next-http-backend had done the same
 * with options, 4 KB brotli on every first visit for what the domain already decides.)
 *
 * Every number interpolated into a sentence goes through the domain's formatter in the sentence's
 * language (`localeNumbers`), so an Arabic sentence never mixes digit systems whoever calls `t`.
 */
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LANGUAGE_QUERY_PARAMETER,
  NAMESPACES,
  PRE_ENROLMENT_ROUTES,
  SESSION_ROUTES,
  STORAGE_KEYS,
  TRANSLATION_LOADING,
  detectLanguage,
  formatNumber,
  isRetryable,
  type Namespace,
  languageToSeed,
  toLanguage,
} from '@tawqi/domain';
import i18next, {
  type BackendModule,
  type FormatterModule,
  type LanguageDetectorModule,
} from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The cookie a server or another page may set the language with. */
const LANGUAGE_COOKIE = 'i18next';

/** The language, detected in the domain's order, and kept in `storage` once chosen. */
function languageDetector(storage: Storage): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () =>
      detectLanguage({
        querystring: new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAMETER),
        cookie: new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`, 'u').exec(document.cookie)?.[1],
        localStorage: storage.getItem(STORAGE_KEYS.language),
        sessionStorage: sessionStorage.getItem(STORAGE_KEYS.language),
        navigator: navigator.languages,
        htmlTag: document.documentElement.lang,
      }).language,
    cacheUserLanguage: (language) => {
      storage.setItem(STORAGE_KEYS.language, language);
    },
  };
}

/**
 * Reads `/locales/{lng}/{ns}.json`, telling i18next whether a failure may be retried (the
 * domain's rule: 5xx and network errors yes, 4xx and unparsable JSON no).
 */
export const translationFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const url = `/locales/${language}/${namespace}.json`;
    fetch(url).then(
      async (response) => {
        if (!response.ok) {
          const retry = isRetryable({ kind: 'http-error', status: response.status });
          callback(`failed loading ${url}: status ${String(response.status)}`, retry);
          return;
        }
        let parsed: unknown;
        try {
          parsed = await response.json();
        } catch {
          callback(`failed parsing ${url} to json`, false);
          return;
        }
        callback(null, parsed as Record<string, unknown>);
      },
      () => callback(`failed loading ${url}`, isRetryable({ kind: 'network-error' })),
    );
  },
};

/**
 * i18next's formatter, replaced: with `alwaysFormat` every interpolated value passes here, and a
 * number comes out in its language's digits (١٥ on an Arabic page, 15 on an English one).
 * Named formats (`{{x, number}}`) are not used in our translations.
 */
export const localeNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Typed as answering text, but other values pass through untouched (i18next writes them itself).
  format: (value: unknown, _format, lng) =>
    (typeof value === 'number'
      ? formatNumber(value, toLanguage(lng) ?? FALLBACK_LANGUAGE)
      : value) as string,
};

/** Values are React text (escaped by React), and every one passes through `localeNumbers`. */
export const INTERPOLATION = { escapeValue: false, alwaysFormat: true } as const;

/**
 * The namespaces a page opened at `pathname` needs before its first render: the frame's and its
 * area's. Others load when a screen asks for them (react-i18next waits for them).
 */
export function namespacesFor(pathname: string): Namespace[] {
  // Every page has the header and the legal footer.
  const common: Namespace[] = ['index', 'header', 'footer'];
  if (/^\/app\/org(\/|$)/u.test(pathname)) return [...common, 'app', 'my', 'dashboard', 'org'];
  if (/^\/app\/my(\/|$)/u.test(pathname)) return [...common, 'app', 'my', 'dashboard'];
  if ((SESSION_ROUTES as readonly string[]).includes(pathname)) return [...common, 'login'];
  // Pre-enrolment: the identity app's words (login) and the documents' (org) with its own.
  if ((PRE_ENROLMENT_ROUTES as readonly string[]).includes(pathname))
    return [...common, 'login', 'org', 'enrol'];
  return [...common, 'public'];
}

export async function initI18n(
  storage: Storage = localStorage,
  namespaces: readonly Namespace[] = NAMESPACES,
): Promise<typeof i18next> {
  const seed = languageToSeed(storage.getItem(STORAGE_KEYS.language));
  if (seed) storage.setItem(STORAGE_KEYS.language, seed);
  await i18next
    .use(translationFiles)
    .use(languageDetector(storage))
    .use(initReactI18next)
    .use(localeNumbers)
    .init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // English stands in only for a language we do not have: a page in one of ours loads that
      // language alone (a test makes sure every key exists in both).
      fallbackLng: (code) =>
        (LANGUAGES as readonly string[]).includes(code) ? [] : [FALLBACK_LANGUAGE],
      ns: [...namespaces],
      defaultNS: DEFAULT_NAMESPACE,
      maxParallelReads: TRANSLATION_LOADING.maxParallelReads,
      maxRetries: TRANSLATION_LOADING.maxRetries,
      retryTimeout: TRANSLATION_LOADING.retryDelayMs,
      interpolation: INTERPOLATION,
      returnNull: false,
    });
  return i18next;
}

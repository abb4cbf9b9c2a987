/**
 * Toasts and notices by the error catalogue (SPEC §8), through the ui Toast queue with the
 * domain's settings (3 visible, 4000 ms).
 */
import {
  ERROR_CATALOGUE,
  MESSAGES,
  TOAST_SETTINGS,
  describe,
  type ErrorSituation,
  type Language,
} from '@tawqi/domain';
import { createToastQueue } from '@tawqi/ui';
import i18next from 'i18next';
import { retryAtOf } from './retryAt.js';
import { markToastShown } from './toastSignal.js';

export const toasts = createToastQueue({
  maxVisible: TOAST_SETTINGS.maxVisible,
  timeoutMs: TOAST_SETTINGS.timeoutMs,
});
toasts.queue.subscribe(markToastShown);

/**
 * Shows a situation of the catalogue; `serverMessage` is used where the catalogue takes it, and
 * `retryAt` (a 429's wait) is counted down in it.
 */
export function report(
  situation: ErrorSituation,
  serverMessage?: string | null,
  retryAt?: number | null,
): void {
  const handling = ERROR_CATALOGUE[situation];
  if (handling.kind !== 'toast' && handling.kind !== 'notice') return;
  const language: Language = i18next.language === 'en' ? 'en' : 'ar';
  toasts.show({
    variant: handling.variant,
    title: MESSAGES[handling.titleKey][language],
    description: describe(handling.description, language, serverMessage),
    ...(retryAt ? { retryAt } : {}),
    // A notice stays until dismissed (our reading of the spec's "notice").
    ...(handling.kind === 'notice'
      ? {
          action: {
            label: i18next.t('common.dismiss', { ns: 'index' }),
            onAction: () => undefined,
          },
        }
      : {}),
  });
}

/**
 * A call that failed outside the catalogue's situations: "Error" with the server's message, or
 * "Something went wrong. Please try again" when it gave none.
 */
export function reportFailure(error?: unknown): void {
  const serverMessage = error instanceof Error && error.message ? error.message : null;
  const language: Language = i18next.language === 'en' ? 'en' : 'ar';
  // Too many requests: the toast counts down the server's wait and stays until it is over.
  const retryAt = retryAtOf(error);
  toasts.show({
    variant: 'error',
    title: MESSAGES['errors.title'][language],
    description: describe({ from: 'server', field: 'errorMessage' }, language, serverMessage),
    ...(retryAt === null ? {} : { retryAt }),
  });
}

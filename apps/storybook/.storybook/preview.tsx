// Every story renders inside the ui provider with the toolbar's language (which decides the
// direction) and theme; overlays mount inside the provider's element and take both from it. The
// same are set on <html> (`themeDocument`) for the canvas around the story (its background in dark). The house
// font is loaded as a consumer loads it (`@tawqi/ui/fonts.css`). Axe runs on every story and a violation fails its test.
// Mock Service Worker answers every call of the api contract but the translations, which are the
// portal's real files (stories override single calls with `parameters.msw`); a call to /api that
// no handler answers fails the story.
import '@tawqi/ui/fonts.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { createMockHandlers } from '@tawqi/api/msw';
import { UiProvider, type ThemeChoice } from '@tawqi/ui';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { BRAND_NAMES, latinWordsIn } from '../../portal/src/stories/latinWords.js';
import { argsFor, type ArgsInArabic } from '../../../packages/ui/src/docs/bilingualArgs.js';

// What a story waits for may be a screen's lazy chunk compiled on first use: on a busy two-core
// CI machine that took over the default second (a receipt dialog, once). Five seconds is still
// far inside a story's timeout.
configure({ asyncUtilTimeout: 5_000 });

const LOCALES = { en: 'en-US-u-ca-gregory', ar: 'ar-SA-u-ca-gregory' } as const;

/**
 * A component story in the toolbar's language: its Arabic args (`parameters.argsInArabic`,
 * written beside the English ones) replace the English defaults when the toolbar says Arabic.
 */
const withArgsInLanguage: Decorator = (Story, context) => {
  const bilingual = context.parameters.argsInArabic as ArgsInArabic | undefined;
  if (!bilingual || context.globals.language !== 'ar') return <Story />;
  return Story({ args: argsFor(context.args, bilingual) });
};

const withUi: Decorator = (Story, context) => {
  const language = (context.globals.language ?? 'en') as keyof typeof LOCALES;
  const theme = (context.globals.theme ?? 'light') as ThemeChoice;
  return (
    <UiProvider locale={LOCALES[language]} theme={theme} className="story-root" themeDocument>
      <Story />
    </UiProvider>
  );
};

const preview: Preview = {
  // The last runs first: the language's args, then the provider around the story.
  decorators: [withArgsInLanguage, withUi],
  // An Arabic story shows what an Arabic reader sees: no English word and no ASCII digit but where
  // the portal's rule allows (the same rule the end-to-end pages are held to). A story of the
  // ui's components in Arabic says so with its texts; a leak fails its test.
  afterEach: ({ globals, canvasElement }) => {
    if (globals.language !== 'ar') return;
    // React Aria's announcer keeps what earlier stories announced (see `a11y` below).
    const leaks = latinWordsIn(
      canvasElement.ownerDocument.body,
      BRAND_NAMES,
      '[data-live-announcer]',
    );
    if (leaks.length > 0)
      throw new Error(`English or ASCII digits in an Arabic story: ${leaks.join(', ')}`);
  },
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...createMockHandlers({ passthrough: ['translations'] }));
      await worker.start({
        quiet: true,
        onUnhandledRequest(request, print) {
          if (new URL(request.url).pathname.startsWith('/api/')) print.error();
        },
      });
      return worker;
    }),
  ],
  globalTypes: {
    language: {
      description: 'Language (and so direction)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English (LTR)' },
          { value: 'ar', title: 'العربية (RTL)' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'system', title: 'System' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: 'en', theme: 'light' },
  parameters: {
    layout: 'padded',
    a11y: {
      test: 'error',
      // React Aria's live announcer keeps each announcement for 7 s; one naming a button that has
      // since gone (a pending submit replaced by the next step) is stale, not a page defect.
      context: { exclude: ['[data-live-announcer]'] },
    },
    controls: { expanded: true },
  },
};

export default preview;

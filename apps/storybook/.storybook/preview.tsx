// Every story renders inside the ui provider with the toolbar's language (which decides the
// direction) and theme. Axe runs on every story and a violation fails its test.
import type { Decorator, Preview } from '@storybook/react-vite';
import { UiProvider, type ThemeChoice } from '@tawqi/ui';

const LOCALES = { en: 'en-US-u-ca-gregory', ar: 'ar-SA-u-ca-gregory' } as const;

const withUi: Decorator = (Story, context) => {
  const language = (context.globals.language ?? 'en') as keyof typeof LOCALES;
  const theme = (context.globals.theme ?? 'light') as ThemeChoice;
  return (
    <UiProvider locale={LOCALES[language]} theme={theme} className="story-root">
      <Story />
    </UiProvider>
  );
};

const preview: Preview = {
  decorators: [withUi],
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
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;

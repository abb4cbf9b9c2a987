import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiProvider } from './UiProvider.js';
import { Pagination } from '../components/Pagination/Pagination.js';
import { Tabs } from '../components/Tabs/Tabs.js';
import { GUIDANCE } from '../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../docs/bilingualArgs.js';

/** The provider's locale follows the toolbar's language, as an app's does its user's. */
const text = bilingualArgs({ locale: 'en-US' }, { locale: 'ar-SA-u-ca-gregory' });

/** What the provider sets: the built-in words and numbers of the components inside it. */
const inside = <Pagination page={2} pageSize={10} totalCount={57} onPageChange={fn()} />;

const meta = {
  title: 'Components/UiProvider',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'locale', 'theme', 'direction'],
  parameters: {
    docs: { description: { component: GUIDANCE.UiProvider } },
    argsInArabic: text.argsInArabic,
  },
  component: UiProvider,
  args: { ...text.args, children: inside },
} satisfies Meta<typeof UiProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Its element carries the language, the direction derived from it, and the theme's class. */
export const Default: Story = {
  play: async (context) => {
    const { ui, language } = storyWords(context);
    const pager = within(context.canvasElement).getByRole('navigation', { name: ui('pagination') });
    const element = pager.closest('[lang][dir]');
    // The locale's language tag (the play is given the English args: its own language's tag).
    await expect(element).toHaveAttribute('lang', language === 'ar' ? 'ar-SA' : 'en-US');
    await expect(element).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(within(pager).getByText(ui('pageOf', { page: 2, pages: 6 }))).toBeVisible();
  },
};

/** Dark inside a light page: the theme belongs to the provider's element, not to `<html>`. */
export const DarkInside: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const pager = within(canvasElement).getByRole('navigation');
    await expect(pager.closest('.tawqi-theme-dark')).not.toBeNull();
  },
};

/** Another product's own wording for some built-in words; the rest stay the package's. */
export const OwnWords: Story = {
  ...storyArgs({ strings: { nextPage: 'Forward' } }, { strings: { nextPage: 'إلى الأمام' } }),
  play: async (context) => {
    const { text: words, ui } = storyWords(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole('button', { name: words('Forward') })).toBeVisible();
    await expect(canvas.getByRole('button', { name: ui('previousPage') })).toBeVisible();
  },
};

const tabs = (label: string, units: string, details: string) => (
  <Tabs
    label={label}
    items={[
      { id: 'units', label: units, content: <p>{units}</p> },
      { id: 'details', label: details, content: <p>{details}</p> },
    ]}
  />
);

/**
 * The keys follow the direction the locale gives: the arrow pointing forward (right in English,
 * left in Arabic) moves to the next tab.
 */
export const Keyboard: Story = {
  ...storyArgs(
    { children: tabs('Organization profile', 'Units', 'Organization details') },
    { children: tabs('ملف المنشأة', 'الوحدات', 'بيانات المنشأة') },
  ),
  play: async (context) => {
    const { forward, language } = storyWords(context);
    const [units, details] =
      language === 'ar' ? ['الوحدات', 'بيانات المنشأة'] : ['Units', 'Organization details'];
    const canvas = within(context.canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: units })).toHaveFocus();
    await userEvent.keyboard(forward);
    await expect(canvas.getByRole('tab', { name: details })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
export const RTL: Story = { globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };

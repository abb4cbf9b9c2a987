import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Spinner } from './Spinner.js';
import { inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE } from '../../docs/guidance.js';

const meta = {
  title: 'Components/Spinner',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'loading', 'progress'],
  parameters: { docs: { description: { component: GUIDANCE.Spinner } } },
  component: Spinner,
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Medium and shown by default (SPEC §9). */
export const Default: Story = {
  play: async (context) => {
    const progress = within(context.canvasElement).getByRole('progressbar', {
      name: storyWords(context).ui('loading'),
    });
    await expect(progress.querySelector('[data-size]')).toHaveAttribute('data-size', 'medium');
  },
};
export const Small: Story = { args: { size: 'small' } };
export const Large: Story = { args: { size: 'large' } };
export const WithLabel: Story = {
  ...storyArgs(
    { showLabel: true, label: 'Loading your plans' },
    { showLabel: true, label: 'جارٍ تحميل باقاتك' },
  ),
};

export const Hidden: Story = {
  args: { show: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
  },
};

export const LongText: Story = {
  ...storyArgs(
    {
      showLabel: true,
      label: 'Loading the payment history and the eSign plans of the organization',
    },
    { showLabel: true, label: 'جارٍ تحميل سجل المدفوعات وباقات التوقيع الإلكتروني للمنشأة' },
  ),
};

export const RTL: Story = {
  args: { showLabel: true },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: 'جارٍ التحميل' }),
    ).toBeInTheDocument();
  },
};
export const Dark: Story = { args: { showLabel: true }, globals: { theme: 'dark' } };

/** A spinner is not a stop on the keyboard's way through the page. */
export const Keyboard: Story = {
  render: (args, context) => (
    <>
      <Button>{inLanguage(context, 'Before', 'قبل')}</Button>
      <Spinner {...args} />
      <Button>{inLanguage(context, 'After', 'بعد')}</Button>
    </>
  ),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: inLanguage(context, 'Before', 'قبل') }),
    ).toHaveFocus();
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: inLanguage(context, 'After', 'بعد') }),
    ).toHaveFocus();
  },
};

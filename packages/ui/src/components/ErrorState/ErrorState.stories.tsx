import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState } from './ErrorState.js';
import { storyArgs, storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE } from '../../docs/guidance.js';

const meta = {
  title: 'Components/ErrorState',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'error', 'retry'],
  parameters: { docs: { description: { component: GUIDANCE.ErrorState } } },
  component: ErrorState,
  args: { onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No message from the server: "Failed to fetch" (SPEC §8). */
export const Default: Story = {
  play: async (context) => {
    await expect(within(context.canvasElement).getByRole('alert')).toHaveTextContent(
      storyWords(context).ui('failedToFetch'),
    );
  },
};
export const ServerMessage: Story = {
  ...storyArgs(
    {
      message: 'The payment gateway is not answering. Try again in a minute.',
      reference: 'Reference: REQ-7310',
    },
    {
      message: 'بوابة الدفع لا تستجيب. حاول مرة أخرى بعد دقيقة.',
      reference: 'المرجع: REQ-7310',
    },
  ),
};
export const Retrying: Story = { args: { isRetrying: true } };

/**
 * Too many requests: the server's wait (Retry-After) counts down under its message, and the retry
 * button waits with it.
 */
export const RateLimited: Story = {
  render: function RateLimitedState(args) {
    const [retryAt] = useState(() => Date.now() + 90_000);
    return <ErrorState {...args} retryAt={retryAt} />;
  },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const { ui, number } = storyWords(context);
    // 1:30, or 1:29 once a second has passed, in the page's digits.
    await expect([
      ui('retryIn', { time: `${number(1)}:${number(30)}` }),
      ui('retryIn', { time: `${number(1)}:${number(29)}` }),
    ]).toContain(canvas.getByRole('timer').textContent);
    await expect(canvas.getByRole('button', { name: ui('retry') })).toBeDisabled();
  },
};
export const RateLimitedArabic: Story = { ...RateLimited, globals: { language: 'ar' } };
export const WithoutRetry: Story = { args: { onRetry: undefined } };
export const LongText: Story = {
  ...storyArgs(
    {
      message:
        'The list of organization users could not be loaded because the service that holds them did not answer in time.',
    },
    { message: 'تعذّر تحميل قائمة مستخدمي المنشأة لأن الخدمة لم تستجب في الوقت المحدد.' },
  ),
};
export const RTL: Story = {
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('تعذّر جلب البيانات');
    await expect(
      within(canvasElement).getByRole('button', { name: 'إعادة المحاولة' }),
    ).toBeVisible();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    await userEvent.tab();
    await expect(
      within(canvasElement).getByRole('button', { name: say('Try again') }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

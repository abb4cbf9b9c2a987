import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { RetryCountdown } from './RetryCountdown.js';
import { storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE } from '../../docs/guidance.js';

const meta = {
  title: 'Components/RetryCountdown',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'timer', 'error'],
  component: RetryCountdown,
  args: { until: 0 },
  parameters: { docs: { description: { component: GUIDANCE.RetryCountdown } } },
  // The wait starts when the story is shown, not when its file was loaded.
  render: function Render(args) {
    const [until] = useState(() => Date.now() + args.until);
    return <RetryCountdown {...args} until={until} />;
  },
} satisfies Meta<typeof RetryCountdown>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A minute and a half to wait (a 429 that said `Retry-After: 90`), in the page's digits. */
export const Default: Story = {
  args: { until: 90_000 },
  play: async (context) => {
    const { ui, number } = storyWords(context);
    const timer = within(context.canvasElement).getByRole('timer');
    // 1:30 when shown; a second may pass before the check.
    const shown = [30, 29].map((seconds) =>
      ui('retryIn', { time: `${number(1)}:${number(seconds)}` }),
    );
    await expect(shown).toContain(timer.textContent);
  },
};

/** Once the wait is over it says nothing. */
export const WaitOver: Story = {
  args: { until: -1_000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('timer')).toBeNull();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SkipLink } from './SkipLink.js';
import { bilingualArgs, storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE } from '../../docs/guidance.js';

/** The page around it, in the toolbar's language: a header to skip, then the main content. */
const text = bilingualArgs(
  { header: 'Tawqi: plans, payments, reports', heading: 'My eSign plans' },
  { header: 'توقيع: الباقات والمدفوعات والتقارير', heading: 'باقات التوقيع الإلكتروني' },
);

const meta = {
  title: 'Components/SkipLink',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'navigation', 'keyboard'],
  component: SkipLink,
  args: { targetId: 'story-main' },
  parameters: {
    docs: { description: { component: GUIDANCE.SkipLink } },
    argsInArabic: text.argsInArabic,
  },
  render: (args, context) => {
    const words = storyWords(context);
    return (
      <>
        <SkipLink {...args} />
        <header>
          <p>{words.text(text.args.header)}</p>
          <a href="#plans">{words.text(text.args.header).split(':')[0]}</a>
        </header>
        <main id={args.targetId} tabIndex={-1}>
          <h1>{words.text(text.args.heading)}</h1>
        </main>
      </>
    );
  },
} satisfies Meta<typeof SkipLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden until the keyboard reaches it. */
export const Default: Story = {
  play: async (context) => {
    const link = within(context.canvasElement).getByRole('link', {
      name: storyWords(context).ui('skipToContent'),
    });
    // Out of sight (above the page), not out of reach.
    await expect(link.getBoundingClientRect().bottom).toBeLessThanOrEqual(0);
  },
};

/** Tab reaches it first, it shows, and Enter takes focus past the header to the main content. */
export const Keyboard: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const link = canvas.getByRole('link', { name: storyWords(context).ui('skipToContent') });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('main')).toHaveFocus());
  },
};

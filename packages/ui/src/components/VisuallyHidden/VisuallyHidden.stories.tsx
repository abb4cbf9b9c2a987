import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { VisuallyHidden } from './VisuallyHidden.js';
import { GUIDANCE } from '../../docs/guidance.js';

const meta = {
  title: 'Components/VisuallyHidden',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'screen-reader', 'a11y'],
  parameters: { docs: { description: { component: GUIDANCE.VisuallyHidden } } },
  component: VisuallyHidden,
  args: { children: 'unread' },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A badge's number completed for screen readers: the name is "Notifications 2 unread". */
export const InAButton: Story = {
  render: (args) => (
    <Button variant="ghost">
      Notifications <span>2</span> <VisuallyHidden {...args} />
    </Button>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAccessibleName('Notifications 2 unread');
    const hidden = within(button).getByText('unread');
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const Arabic: Story = {
  args: { children: 'غير مقروءة' },
  globals: { language: 'ar' },
  render: (args) => (
    <Button variant="ghost">
      الإشعارات <span>٢</span> <VisuallyHidden {...args} />
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName(
      'الإشعارات ٢ غير مقروءة',
    );
  },
};

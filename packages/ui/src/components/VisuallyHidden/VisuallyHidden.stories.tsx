import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { VisuallyHidden } from './VisuallyHidden.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ children: 'unread' }, { children: 'غير مقروءة' });

const meta = {
  title: 'Components/VisuallyHidden',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'screen-reader', 'a11y'],
  parameters: {
    docs: { description: { component: GUIDANCE.VisuallyHidden } },
    argsInArabic: text.argsInArabic,
  },
  component: VisuallyHidden,
  args: { ...text.args },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The button's visible words, in the toolbar's language. */
const BUTTON = {
  en: { name: 'Notifications', count: '2' },
  ar: { name: 'الإشعارات', count: '٢' },
};

/** A badge's number completed for screen readers: the name is "Notifications 2 unread". */
export const InAButton: Story = {
  render: (args, { globals }) => {
    const words = BUTTON[globals.language === 'ar' ? 'ar' : 'en'];
    return (
      <Button variant="ghost">
        {words.name} <span>{words.count}</span> <VisuallyHidden {...args} />
      </Button>
    );
  },
  play: async (context) => {
    const { canvasElement, args, globals } = context;
    const words = BUTTON[globals.language === 'ar' ? 'ar' : 'en'];
    const hiddenText = storyWords(context).text(args.children as string);
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAccessibleName(`${words.name} ${words.count} ${hiddenText}`);
    const hidden = within(button).getByText(hiddenText);
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

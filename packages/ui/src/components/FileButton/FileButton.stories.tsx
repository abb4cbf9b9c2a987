import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileButton } from './FileButton.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ children: 'Add a document' }, { children: 'إضافة مستند' });

const meta = {
  title: 'Components/FileButton',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'upload', 'file'],
  parameters: {
    docs: { description: { component: GUIDANCE.FileButton } },
    argsInArabic: text.argsInArabic,
  },
  component: FileButton,
  args: {
    ...text.args,
    acceptedFileTypes: ['.pdf', 'application/pdf', '.png', 'image/png'],
    onSelect: fn(),
  },
} satisfies Meta<typeof FileButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Uploading: Story = { args: { isPending: true } };
export const Disabled: Story = { args: { isDisabled: true } };
export const RTL: Story = { args: { children: 'أضف مستندًا' }, globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };

/** The chosen file reaches the caller; the input offers only the accepted types. */
export const ChoosingAFile: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const button = within(canvasElement).getByRole('button', { name: say('Add a document') });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await expect(input?.accept).toBe('.pdf,application/pdf,.png,image/png');
    const file = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    if (input) await userEvent.upload(input, file);
    await expect(args.onSelect).toHaveBeenCalledWith([file]);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Dialog } from './Dialog.js';
import { DialogTrigger } from './DialogTrigger.js';
import { GUIDANCE, MODAL_DOCS } from '../../docs/guidance.js';
import { inLanguage, type StoryLanguageContext } from '../../docs/bilingualArgs.js';

/** The story's words in the toolbar's language. */
const wordsOf = (context: StoryLanguageContext) => ({
  open: inLanguage(context, 'Cancel the request', 'إلغاء الطلب'),
  title: inLanguage(context, 'Cancel the request?', 'إلغاء الطلب؟'),
  body: inLanguage(
    context,
    'The signatories are told that it was cancelled.',
    'يُبلَّغ المفوّضون بالتوقيع بإلغائه.',
  ),
  keep: inLanguage(context, 'Keep it', 'إبقاؤه'),
});

const meta = {
  title: 'Components/DialogTrigger',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'modal', 'open'],
  parameters: {
    docs: { ...MODAL_DOCS.docs, description: { component: GUIDANCE.DialogTrigger } },
  },
  component: DialogTrigger,
  args: { children: null, onOpenChange: fn() },
  render: (args, context) => {
    const words = wordsOf(context);
    return (
      <DialogTrigger {...args}>
        <Button variant="danger">{words.open}</Button>
        <Dialog
          title={words.title}
          role="alertdialog"
          footer={(close) => (
            <Button variant="secondary" onPress={close}>
              {words.keep}
            </Button>
          )}
        >
          <p>{words.body}</p>
        </Dialog>
      </DialogTrigger>
    );
  },
} satisfies Meta<typeof DialogTrigger>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Pressing the button opens the dialog; closing it gives focus back to the button. */
export const OpensAndReturnsFocus: Story = {
  play: async (context) => {
    const words = wordsOf(context);
    const button = within(context.canvasElement).getByRole('button', { name: words.open });
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: words.title });
    await expect(context.args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(within(dialog).getByRole('button', { name: words.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await expect(context.args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Open at first, as a page that returns to an unanswered question shows it. */
export const DefaultOpen: Story = { args: { defaultOpen: true } };

/** Enter on the button opens it; Escape closes it, and focus is back on the button. */
export const Keyboard: Story = {
  play: async (context) => {
    const words = wordsOf(context);
    const button = within(context.canvasElement).getByRole('button', { name: words.open });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};
export const RTL: Story = { ...DefaultOpen, globals: { language: 'ar' } };
export const Dark: Story = { ...DefaultOpen, globals: { theme: 'dark' } };

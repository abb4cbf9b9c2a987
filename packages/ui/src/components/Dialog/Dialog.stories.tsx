import type { Meta, StoryObj } from '@storybook/react-vite';
import { DialogTrigger } from './DialogTrigger.js';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Dialog, type DialogProps } from './Dialog.js';
import { FIXED_ARRANGEMENT, GUIDANCE, MODAL_DOCS } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';
import { useUi } from '../../provider/UiProvider.js';

/** Its words in the provider's language, so the toolbar's language switches all of it. */
const WORDS = {
  en: {
    trigger: 'Reject request',
    title: 'Reject the request?',
    cancel: 'Cancel',
    confirm: 'Reject',
    body: 'The requester is told why, in their language.',
  },
  ar: {
    trigger: 'رفض الطلب',
    title: 'رفض الطلب؟',
    cancel: 'إلغاء',
    confirm: 'رفض',
    body: 'يُبلَّغ مقدّم الطلب بالسبب بلغته.',
  },
};

function Opened(
  props: Partial<DialogProps> & { trigger?: string; cancel?: string; confirm?: string },
) {
  const words = WORDS[useUi().locale.startsWith('ar') ? 'ar' : 'en'];
  return (
    <DialogTrigger>
      <Button>{props.trigger ?? words.trigger}</Button>
      <Dialog
        title={props.title ?? words.title}
        role={props.role}
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>
              {props.cancel ?? words.cancel}
            </Button>
            <Button variant="danger" onPress={close}>
              {props.confirm ?? words.confirm}
            </Button>
          </>
        )}
      >
        {props.children ?? <p>{words.body}</p>}
      </Dialog>
    </DialogTrigger>
  );
}

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ title: WORDS.en.title }, { title: WORDS.ar.title });

const meta = {
  title: 'Components/Dialog',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'modal', 'confirm'],
  parameters: {
    docs: { ...MODAL_DOCS.docs, description: { component: GUIDANCE.Dialog } },
    argsInArabic: text.argsInArabic,
  },
  component: Dialog,
  args: { ...text.args, children: null, onOpenChange: fn() },
  render: (args) => <Opened role={args.role} title={args.title} />,
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Open: Story = {
  args: { isOpen: true },
  render: (args, context) => (
    <Dialog {...args} footer={() => <Button>{inLanguage(context, 'Done', 'تم')}</Button>}>
      <p>
        {inLanguage(
          context,
          'The plan was bought. Its transactions are ready to use.',
          'اشتُريت الباقة، وعملياتها جاهزة للاستخدام.',
        )}
      </p>
    </Dialog>
  ),
};
export const Alert: Story = {
  ...storyArgs(
    { role: 'alertdialog', title: 'Delete the organization unit?' },
    { role: 'alertdialog', title: 'حذف الوحدة التنظيمية؟' },
  ),
};
export const LongText: Story = {
  ...storyArgs(
    {
      isOpen: true,
      title: 'Allocate role counters from the L1 provider to the selected L2 provider',
    },
    {
      isOpen: true,
      title: 'تخصيص رصيد الأدوار من مزوّد الخدمة من المستوى الأول إلى المستوى الثاني',
    },
  ),
  render: (args, context) => (
    <Dialog {...args}>
      <p>
        {inLanguage(
          context,
          'Allocated counters leave the L1 balance at once and cannot be returned. ',
          'يُخصم الرصيد المخصص من رصيد المستوى الأول فورًا ولا يمكن استرجاعه. ',
        ).repeat(6)}
      </p>
    </Dialog>
  ),
};
export const RTL: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: () => (
    <Opened trigger="رفض الطلب" title="رفض الطلب؟" cancel="إلغاء" confirm="رفض">
      {<p>يُبلَّغ مقدّم الطلب بالسبب.</p>}
    </Opened>
  ),
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'رفض الطلب' }));
    await expect(await screen.findByRole('button', { name: 'إغلاق' })).toBeVisible();
  },
};
/**
 * The dialog mounts inside the provider's element, not at the end of `<body>`: it takes the
 * provider's theme (and language and direction) in any app, not only one that themes `<html>`.
 */
export const Dark: Story = {
  ...Open,
  globals: { theme: 'dark' },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(dialog.closest('.story-root [data-tawqi-overlays]')).not.toBeNull();
    await expect(dialog.closest('.tawqi-theme-dark')).not.toBeNull();
  },
};

/** Focus moves into the dialog, Escape closes it, and focus returns to the button that opened it. */
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement } = context;
    const words = WORDS[storyWords(context).language];
    const trigger = within(canvasElement).getByRole('button', { name: words.trigger });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: words.title });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

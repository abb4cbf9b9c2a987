import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { label: 'E-mail', placeholder: 'name@example.sa' },
  { label: 'البريد الإلكتروني', placeholder: 'بريدك في العمل' },
);

const meta = {
  title: 'Components/TextField',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'form', 'input'],
  parameters: {
    docs: { description: { component: GUIDANCE.TextField } },
    argsInArabic: text.argsInArabic,
  },
  component: TextField,
  args: { ...text.args, onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
const described = storyArgs(
  { description: 'We send the receipt to this address.' },
  { description: 'نرسل الإيصال إلى هذا العنوان.' },
);
export const WithDescription: Story = { ...described };
export const Empty: Story = {
  ...storyArgs({ label: 'Remarks', placeholder: '' }, { label: 'ملاحظات', placeholder: '' }),
};
export const Error: Story = {
  ...storyArgs(
    {
      isInvalid: true,
      errorMessage: 'Enter an e-mail address such as name@example.sa',
      defaultValue: 'sara@',
    },
    { isInvalid: true, errorMessage: 'أدخل عنوان بريد إلكتروني صحيحًا', defaultValue: 'sara@' },
  ),
};
export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'sara@riyadhtrading.sa' },
};
export const Multiline: Story = {
  ...storyArgs(
    { label: 'Remarks', multiline: true, placeholder: 'Why is the request rejected?' },
    { label: 'ملاحظات', multiline: true, placeholder: 'لماذا رُفض الطلب؟' },
  ),
};
export const LongText: Story = {
  ...storyArgs(
    {
      label: 'The e-mail address of the technical point of contact of the organization',
      description:
        'Notifications about certificates and signing requests are sent here, in both languages.',
    },
    {
      label: 'البريد الإلكتروني لجهة الاتصال الفنية في المنشأة',
      description: 'تُرسل إلى هذا العنوان إشعارات الشهادات وطلبات التوقيع باللغتين.',
    },
  ),
};
export const RTL: Story = {
  args: { label: 'البريد الإلكتروني', isInvalid: true, errorMessage: 'أدخل بريدًا إلكترونيًا صحيحًا' },
  globals: { language: 'ar' },
};
export const Dark: Story = {
  ...described,
  globals: { theme: 'dark' },
};

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const input = within(canvasElement).getByRole('textbox', { name: say('E-mail') });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('sara@example.sa');
    await expect(input).toHaveValue('sara@example.sa');
    await expect(args.onChange).toHaveBeenLastCalledWith('sara@example.sa');
  },
};

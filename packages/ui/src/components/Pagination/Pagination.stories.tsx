import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, type PaginationProps } from './Pagination.js';
import { storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE } from '../../docs/guidance.js';

function Stateful(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/Pagination',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'pages', 'paging'],
  parameters: { docs: { description: { component: GUIDANCE.Pagination } } },
  component: Pagination,
  args: { page: 1, pageSize: 10, totalCount: 57, onPageChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const words = storyWords(context);
    await expect(
      canvas.getByText(words.ui('rowsOf', { first: 1, last: 10, total: 57 })),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: words.ui('previousPage') })).toBeDisabled();
  },
};
export const LastPage: Story = {
  args: { page: 6 },
  play: async (context) => {
    const { canvasElement } = context;
    const { ui } = storyWords(context);
    await expect(
      within(canvasElement).getByText(ui('rowsOf', { first: 51, last: 57, total: 57 })),
    ).toBeVisible();
    await expect(
      within(canvasElement).getByRole('button', { name: ui('nextPage') }),
    ).toBeDisabled();
  },
};
export const Empty: Story = { args: { totalCount: 0 } };
export const Loading: Story = { args: { isDisabled: true } };
export const LongText: Story = { args: { totalCount: 1_234_567, page: 5432 } };
export const RTL: Story = {
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('الصفحة ١ من ٦')).toBeVisible();
  },
};
export const Dark: Story = { args: { page: 3 }, globals: { theme: 'dark' } };
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { ui } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: ui('nextPage') })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByText(ui('pageOf', { page: 2, pages: 6 }))).toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
  },
};

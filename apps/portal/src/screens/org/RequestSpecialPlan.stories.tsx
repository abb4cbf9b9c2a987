/**
 * Asking for a special plan (SPEC §2 `purchase/special/plan/buyspecialplan`): the form, what it
 * says when sent empty, and what it sends; both languages; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import RequestSpecialPlan from './RequestSpecialPlan.js';

const sent: unknown[] = [];

const meta = {
  title: 'Portal/Org/RequestSpecialPlan',
  component: RequestSpecialPlan,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: {
      route: '/app/org/purchase/special/plan/buyspecialplan',
      session: SESSION_WITH_ORGANIZATIONS,
    },
    msw: [
      http.post(mockUrl(CONTRACT.requestSpecialPlan), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: '1', errorMessage: null, id: 7001 });
      }),
    ],
  },
} satisfies Meta<typeof RequestSpecialPlan>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the requester writes, in the story's language. */
const JUSTIFICATION = { en: 'A national campaign.', ar: 'حملة وطنية.' };

/** Sent empty, it says what each field needs and sends nothing. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('org:special.form.send') }),
    );
    await expect(await canvas.findByText(text('org:special.form.quantityNeeded'))).toBeVisible();
    await expect(canvas.getByText(text('org:special.form.justificationNeeded'))).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};
export const EmptyArabic: Story = inArabic(Empty);
export const EmptyDark: Story = inDark(Empty);

/** Filled in, it sends what was typed, for the active organization. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    // As an Arabic keyboard types it on an Arabic page (a Latin keyboard's digits are the
    // end-to-end test's: user-event cannot type through the field's digit rewrite).
    await userEvent.type(
      await canvas.findByRole('textbox', { name: text('org:special.form.quantity') }),
      document.documentElement.lang.startsWith('ar') ? '٢٥٠٠٠' : '25000',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('org:special.form.justification') }),
      JUSTIFICATION[storyLanguage()],
    );
    await userEvent.click(canvas.getByRole('button', { name: text('org:special.form.send') }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          orgSlNo: 314,
          planType: 'esign',
          quantity: 25_000,
          justification: JUSTIFICATION[storyLanguage()],
        },
      ]),
    );
  },
};
export const FilledArabic: Story = inArabic(Filled);

/**
 * Sent empty, then filled: what the press found missing stays said until the next press (a
 * message vanishing as the quantity commits on leaving its field would move the button from under
 * the pointer), and the next press sends.
 */
export const CorrectedAfterEmpty: Story = {
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    const send = await canvas.findByRole('button', { name: text('org:special.form.send') });
    await userEvent.click(send);
    await expect(await canvas.findByText(text('org:special.form.quantityNeeded'))).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('org:special.form.justification') }),
      JUSTIFICATION[storyLanguage()],
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('org:special.form.quantity') }),
      document.documentElement.lang.startsWith('ar') ? '٣٠٠' : '300',
    );
    await userEvent.tab();
    // Committed, and the message still where it was: nothing moved before the press.
    await expect(canvas.getByText(text('org:special.form.quantityNeeded'))).toBeVisible();
    await userEvent.click(send);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          orgSlNo: 314,
          planType: 'esign',
          quantity: 300,
          justification: JUSTIFICATION[storyLanguage()],
        },
      ]),
    );
  },
};
export const CorrectedAfterEmptyArabic: Story = inArabic(CorrectedAfterEmpty);

/** Enter in the quantity commits it and sends in one keystroke: the send sees the number. */
export const EnterInQuantity: Story = {
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: text('org:special.form.justification') }),
      JUSTIFICATION[storyLanguage()],
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('org:special.form.quantity') }),
      '1200{Enter}',
    );
    await waitFor(() =>
      expect(sent).toEqual([
        {
          orgSlNo: 314,
          planType: 'esign',
          quantity: 1200,
          justification: JUSTIFICATION[storyLanguage()],
        },
      ]),
    );
  },
};

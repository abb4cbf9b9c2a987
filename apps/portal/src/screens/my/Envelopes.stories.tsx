/**
 * Envelopes (issue 44): the list of envelopes I sent or am asked to sign — one waiting for me —
 * and the list before any; in both languages, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { formatNumber } from '@tawqi/domain';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  inArabic,
  inDark,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Envelopes from './Envelopes.js';

const meta = {
  title: 'Portal/My/Envelopes',
  component: Envelopes,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/envelopes', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof Envelopes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One envelope, my turn to sign it: said in words, with how many have signed and a way in. */
export const MyTurn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: text('my:envelopes.title') }),
    ).toBeVisible();
    await expect(await canvas.findByText(text('my:envelopes.yourTurn'))).toBeVisible();
    await expect(
      canvas.getByText(
        text('my:envelopes.progress', {
          count: 2,
          signed: formatNumber(1, storyLanguage()),
          total: formatNumber(2, storyLanguage()),
        }),
      ),
    ).toBeVisible();
    // In Arabic, counted as the rest of the portal counts: the two numbers, no noun to agree
    // with one of them and not the other («وقّع ٠ من موقّعَين» read unnaturally).
    if (storyLanguage() === 'ar')
      await expect(canvas.getByText('التوقيعات: ١ من ٢.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: text('my:envelopes.send') })).toHaveAttribute(
      'href',
      '/app/my/envelopes/send',
    );
  },
};
export const MyTurnArabic = inArabic(MyTurn);
export const MyTurnDark = inDark(MyTurn);

/** Before any envelope: what they are, and sending the first. */
export const None: Story = {
  parameters: {
    msw: [http.get(mockUrl(CONTRACT.myEnvelopes), () => HttpResponse.json({ dataList: [] }))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:envelopes.none'))).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: text('my:envelopes.send') })).toHaveLength(2);
  },
};
export const NoneArabic = inArabic(None);

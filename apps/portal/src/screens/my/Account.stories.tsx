/**
 * My account (SPEC §2 "My profile: mobiles, emails, agreements, months"): each part in its
 * states, both languages, light and dark, network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { expect, waitFor, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
} from '../../stories/portal.js';
import Account from './Account.js';

const meta = {
  title: 'Portal/My/Account',
  component: Account,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    layout: 'padded',
    portal: { route: '/app/my/account', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof Account>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('******0008')).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('my:account.renew') })).toBeEnabled();
    // The mock's two agreements, each downloadable by name.
    await expect(await canvas.findAllByRole('button', { name: /\.pdf$/u })).toHaveLength(2);
    await expect(
      await canvas.findByRole('link', { name: text('my:account.seeMonth') }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/app\/my\/esign\/transactions\?from=/u));
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

export const Loading: Story = loadingStory('myProfile', 'myAgreements');
export const LoadingArabic = inArabic(Loading);

/** No organization, no agreements yet. */
export const Empty: Story = {
  parameters: {
    msw: [
      mockStates.empty('myMobiles'),
      mockStates.empty('myEmails'),
      mockStates.empty('myAgreements'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getAllByText(text('my:account.noOrganizations'))).toHaveLength(2),
    );
    await expect(await canvas.findByText(text('my:account.noAgreements'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Failed: Story = failedOnceStory('myProfile', 'myAgreements');
export const FailedArabic = inArabic(failedOnceStory('myProfile', 'myAgreements'));

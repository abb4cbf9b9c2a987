/**
 * My account (SPEC §2 "My profile: mobiles, emails, agreements, months"): each part in its
 * states, both languages, light and dark, network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockStates, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { formatDate } from '@tawqi/domain';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  inArabic,
  inDark,
  movableClock,
  portalLoader,
  storyFixtures,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Account from './Account.js';

const meta = {
  title: 'Portal/My/Account',
  component: Account,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
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
    // A mobile number reads as one: never broken across lines beside its button.
    await expect(canvas.getByText('+966551234567').getClientRects()).toHaveLength(1);
    // The mock's two agreements, each named, with when it was accepted and downloadable by name.
    await expect(await canvas.findAllByRole('button', { name: /\.pdf$/u })).toHaveLength(2);
    const agreements = within(
      canvas.getByRole('region', { name: text('my:account.agreements') }),
    ).getAllByRole('listitem');
    const fixtures = storyFixtures();
    for (const [index, agreement] of [0, 1].map(fixtures.agreement).entries()) {
      await expect(agreements[index]).toHaveTextContent(agreement.title);
      await expect(agreements[index]).toHaveTextContent(
        text('my:account.acceptedOn', {
          date: formatDate(agreement.acceptedAt ?? '', storyLanguage()),
        }),
      );
    }
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

/** The e-mail's change: the dialog opened, a new address typed and a code sent to it. */
async function sendCodeToNewEmail(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByText('******0008');
  const [changeEmail] = canvas.getAllByRole('button', {
    name: text('my:account.change.emailChangeShort'),
  });
  if (!changeEmail) throw new Error('the e-mail has a change button');
  await userEvent.click(changeEmail);
  const dialog = await screen.findByRole('dialog', {
    name: text('my:account.change.emailChange'),
  });
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: text('my:account.email') }),
    'new@example.sa',
  );
  await userEvent.click(
    within(dialog).getByRole('button', { name: text('my:account.change.sendCode') }),
  );
  const code = await within(dialog).findByRole('textbox', {
    name: text('my:account.change.code'),
  });
  return { dialog, code };
}

/** Adding an e-mail: the address, then the code it received; the profile is read again. */
export const AddOrChangeEmail: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, code } = await sendCodeToNewEmail(canvasElement);
    await expect(code).toHaveFocus();
    await expect(within(dialog).getByRole('status')).toHaveTextContent('n***@example.sa');
    await userEvent.type(code, '123456');
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('my:account.change.confirm') }),
    );
    await expect(await screen.findByText(text('my:account.change.emailChanged'))).toBeVisible();
  },
};
/** The e-mail's code outlived its three minutes: said before it is tried, a new one offered. */
const accountClock = movableClock();
export const CodeExpired: Story = {
  beforeEach: accountClock.beforeEach,
  play: async ({ canvasElement }) => {
    const { dialog, code } = await sendCodeToNewEmail(canvasElement);
    accountClock.moveOn(181_000);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    await expect(code).toHaveAccessibleDescription(text('app:code.expired'));
    await expect(
      within(dialog).getByRole('button', { name: text('my:account.change.confirm') }),
    ).toBeDisabled();
    await expect(
      within(dialog).getByRole('button', { name: text('my:account.change.sendAgain') }),
    ).toBeVisible();
  },
};
export const CodeExpiredArabic = inArabic(CodeExpired);

export const AddOrChangeEmailArabic = inArabic(AddOrChangeEmail);

/**
 * The server wants a fresh identity confirmation: the dialog asks for it in place, and what the
 * person typed stays.
 */
export const ConfirmIdentityFirst: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.setMyPassword), () =>
        HttpResponse.json(
          {
            statusCode: 403,
            code: 'FORBIDDEN',
            detail: 'IDENTITY_CONFIRMATION_REQUIRED',
            message: 'Confirm it is you in Nafath first.',
          },
          { status: 403 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('******0008');
    await userEvent.click(
      canvas.getByRole('button', { name: text('my:account.change.passwordChangeShort') }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: text('my:account.change.passwordChange'),
    });
    await expect(
      within(dialog).getByRole('textbox', { name: text('my:account.change.username') }),
    ).toHaveValue('sara');
    await userEvent.type(
      within(dialog).getByLabelText(text('my:account.change.password')),
      'Sara-2026-signs',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('my:account.change.save') }),
    );
    await expect(
      await within(dialog).findByText(text('my:account.change.confirmFirst')),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: text('my:account.change.confirmStart') }),
    ).toBeVisible();
  },
};
export const ConfirmIdentityFirstArabic = inArabic(ConfirmIdentityFirst);

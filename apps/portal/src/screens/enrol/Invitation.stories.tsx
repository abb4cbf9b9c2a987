/**
 * Invited users (SPEC §2 `/verify-orgUser`, `/verify-orgUser-details`): an invitation to verify,
 * one already verified in this browser, one expired, used, withdrawn or not ours; the details to
 * review and complete, a wrong e-mail refused, and the details sent — in both languages.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import {
  inArabic,
  inDark,
  portalLoader,
  storyFixtures,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import { VerifyOrgUser, VerifyOrgUserDetails } from './Invitation.js';

const meta = {
  title: 'Portal/Enrol/Invitation',
  component: VerifyOrgUser,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/verify-orgUser?invitation=abc.123.def' },
  },
} satisfies Meta<typeof VerifyOrgUser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fresh invitation: who invited, as what, and the identity app. */
export const Invited: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('enrol:invitation.verify') }),
    ).toBeEnabled();
  },
};
export const InvitedArabic = inArabic(Invited);
export const InvitedDark = inDark(Invited);

function opened(outcome: 'valid' | 'expired' | 'used' | 'cancelled' | 'invalid', verified = false) {
  return http.post(mockUrl(CONTRACT.openInvitation), () => {
    const f = storyFixtures();
    return HttpResponse.json({
      outcome,
      organizationName:
        outcome === 'invalid' ? null : f.say({ en: 'Al Noor Trading', ar: 'النور للتجارة' }),
      role: outcome === 'invalid' ? null : f.term('authorizedSignatory'),
      nationalID: outcome === 'invalid' ? null : '******0008',
      verified,
    });
  });
}

/** Verified already in this browser: straight on to the details. */
export const AlreadyVerified: Story = {
  parameters: { msw: [opened('valid', true)] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('link', { name: text('enrol:invitation.toDetails') }),
    ).toBeVisible();
  },
};
export const AlreadyVerifiedArabic = inArabic(AlreadyVerified);

function endedStory(outcome: 'expired' | 'used' | 'cancelled' | 'invalid'): Story {
  return {
    parameters: { msw: [opened(outcome)] },
    play: async ({ canvasElement }) => {
      await expect(
        await within(canvasElement).findByText(text(`enrol:invitation.outcomes.${outcome}`)),
      ).toBeVisible();
    },
  };
}
export const Expired = endedStory('expired');
export const ExpiredArabic = inArabic(Expired);
export const Used = endedStory('used');
export const UsedArabic = inArabic(Used);
export const Withdrawn = endedStory('cancelled');
export const WithdrawnArabic = inArabic(Withdrawn);
export const NotAnInvitation = endedStory('invalid');
export const NotAnInvitationArabic = inArabic(NotAnInvitation);

/** Opened without its invitation: the page says the link is incomplete, under its heading. */
export const IncompleteLink: Story = {
  parameters: { portal: { route: '/verify-orgUser' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: text('enrol:invitation.title') }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      text('enrol:invitation.outcomes.incomplete'),
    );
  },
};
export const IncompleteLinkArabic = inArabic(IncompleteLink);

/** The details page opened without its invitation says the same. */
export const DetailsIncompleteLink: Story = {
  render: () => <VerifyOrgUserDetails />,
  parameters: { portal: { route: '/verify-orgUser-details?invitation=' } },
  play: IncompleteLink.play,
};

const DETAILS = { portal: { route: '/verify-orgUser-details?invitation=abc.123.def' } };

/** The details to review; a wrong e-mail is said; accepted and sent, the person is told what comes next. */
export const Details: Story = {
  render: () => <VerifyOrgUserDetails />,
  parameters: DETAILS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: text('enrol:personFields.email') });
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: text('enrol:invitation.submit') }));
    await expect(await canvas.findByText(text('enrol:errors.email'))).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'huda@alnoor.example.sa');
    await userEvent.click(canvas.getByText(text('enrol:agreement.accept')));
    await userEvent.click(canvas.getByRole('button', { name: text('enrol:invitation.submit') }));
    await expect(
      await canvas.findByText(
        text('enrol:invitation.done', {
          organization: storyFixtures().say({ en: 'Al Noor Trading', ar: 'النور للتجارة' }),
        }),
      ),
    ).toBeVisible();
  },
};
export const DetailsArabic = inArabic(Details);
export const DetailsDark = inDark(Details);

/** Not verified in this browser: the server says so, and the way back to the invitation. */
export const DetailsNotVerified: Story = {
  render: () => <VerifyOrgUserDetails />,
  parameters: {
    ...DETAILS,
    msw: [
      http.post(mockUrl(CONTRACT.invitationDetails), () =>
        HttpResponse.json(
          {
            statusCode: 403,
            code: 'FORBIDDEN',
            message: storyFixtures().say({
              en: 'Verify with the identity app in this browser first.',
              ar: 'تحقّق عبر تطبيق نفاذ الوطني في هذا المتصفح أولًا.',
            }),
          },
          { status: 403 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('link', { name: text('enrol:invitation.back') }),
    ).toBeVisible();
  },
};
export const DetailsNotVerifiedArabic = inArabic(DetailsNotVerified);

/**
 * Create account (SPEC §2 `/create-account`): the first step (what applies, the robot check,
 * then the identity app), each of the five steps of a returning applicant's form, a step's
 * fields refused with their reasons, and an application this browser no longer holds — in both
 * languages.
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
import CreateAccount from './CreateAccount.js';

const meta = {
  title: 'Portal/Enrol/CreateAccount',
  component: CreateAccount,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal: { route: '/create-account' } },
} satisfies Meta<typeof CreateAccount>;
export default meta;
type Story = StoryObj<typeof meta>;

const HELD = { portal: { route: '/create-account', applicationToken: 'story-application-token' } };

/** A newcomer: the robot check first, then their national id for the identity app. */
export const Begin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(text('enrol:begin.captchaFirst'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text('index:captcha.check') }));
    await expect(await canvas.findByText(text('index:captcha.done'))).toBeVisible();
    await expect(
      await canvas.findByRole('button', { name: text('enrol:begin.verify') }),
    ).toBeEnabled();
  },
};
export const BeginArabic = inArabic(Begin);
export const BeginDark = inDark(Begin);

function stepStory(startAt: 'organization' | 'address' | 'people' | 'documents' | 'review'): Story {
  return {
    args: { startAt },
    parameters: HELD,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(
        await canvas.findByRole('heading', { name: text(`enrol:steps.${startAt}`) }),
      ).toBeVisible();
    },
  };
}

/** A returning applicant's organization step, as they saved it. */
export const Organization = stepStory('organization');
export const OrganizationArabic = inArabic(Organization);
export const Address = stepStory('address');
export const AddressArabic = inArabic(Address);
export const People = stepStory('people');
export const PeopleArabic = inArabic(People);
export const Documents = stepStory('documents');
export const DocumentsArabic = inArabic(Documents);
export const Review = stepStory('review');
export const ReviewArabic = inArabic(Review);
export const ReviewDark = inDark(Review);

/** A half-filled step is not left: each wrong field says what it needs. */
export const FieldsRefused: Story = {
  args: { startAt: 'organization' },
  parameters: {
    ...HELD,
    msw: [
      http.get(mockUrl(CONTRACT.myApplication), () =>
        HttpResponse.json({
          reference: 'APP-7Q2K9M',
          kind: 'organization',
          status: 'draft',
          applicant: { fullNameEnglish: 'Sara', fullNameArabic: 'سارة', nationalID: '******0008' },
          l1SipSlNo: 1,
          details: { crNumber: '12' },
          documents: [],
          email: null,
          emailVerified: false,
          fee: null,
          paid: false,
          payment: null,
          submittedAt: null,
          decision: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('enrol:next') }));
    await expect(await canvas.findByText(text('enrol:errors.fix'))).toBeVisible();
    await expect(canvas.getByText(text('enrol:errors.crNumber'))).toBeVisible();
  },
};
export const FieldsRefusedArabic = inArabic(FieldsRefused);

/** The browser's secret is no longer known: the server says so, and the applicant starts again. */
export const NoLongerHeld: Story = {
  parameters: {
    ...HELD,
    msw: [
      http.get(mockUrl(CONTRACT.myApplication), () =>
        HttpResponse.json(
          {
            statusCode: 401,
            code: 'UNAUTHENTICATED',
            message: storyFixtures().say({
              en: 'This browser no longer holds your application.',
              ar: 'لم يعد هذا المتصفح يحمل طلبك.',
            }),
          },
          { status: 401 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('enrol:startAgain') }),
    ).toBeVisible();
  },
};
export const NoLongerHeldArabic = inArabic(NoLongerHeld);

/**
 * The pre-enrolment pages after create account (SPEC §2): the e-mail link opened (verified,
 * expired, used, superseded, not ours) and the page that says where it went; the registration
 * fee; the payment's status back from the gateway (paid, declined, still open); where the
 * application stands (each stage, the provider's refusal with its remarks); a verified link opened
 * in a browser that does not hold its application (continued there through the identity app); and
 * a browser that holds no application — in both languages.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import type { createFixtures } from '@tawqi/api/fixtures';
import { mockUrl } from '@tawqi/api/msw';
import type { EmailLinkOutcome } from '@tawqi/domain';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import {
  inArabic,
  inDark,
  portalLoader,
  storyFixtures,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import {
  AfterVerification,
  EmailVerification,
  PaymentStatusPrelogin,
  VerifyPayments,
} from './Verification.js';

const meta = {
  title: 'Portal/Enrol/Verification',
  component: EmailVerification,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded' },
} satisfies Meta<typeof EmailVerification>;
export default meta;
type Story = StoryObj<typeof meta>;

type Fixtures = ReturnType<typeof createFixtures>;
type Changes = Parameters<Fixtures['application']>[0];

/** The application, in the story's language (the mock answers as the server does). */
const answered = (changes: (f: Fixtures) => Changes) => () => {
  const f = storyFixtures();
  return HttpResponse.json(f.application(changes(f)));
};

/** The application this browser holds, as the server would answer it now. */
function holding(route: string, changes: (f: Fixtures) => Changes = () => ({})) {
  return {
    portal: { route, applicationToken: 'story-application-token' },
    msw: [http.get(mockUrl(CONTRACT.myApplication), answered(changes))],
  };
}

const heading =
  (key: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(await within(canvasElement).findByText(text(key))).toBeVisible();
  };

function linkStory(outcome: EmailLinkOutcome): Story {
  return {
    parameters: {
      portal: { route: '/email-verification?token=abc.123.def', applicationToken: 'story-token' },
      msw: [
        http.post(mockUrl(CONTRACT.verifyApplicationEmail), () =>
          HttpResponse.json({
            outcome,
            reference: 'APP-7Q2K9M',
            status: 'filed',
            kind: 'organization',
          }),
        ),
        http.get(
          mockUrl(CONTRACT.myApplication),
          answered((f) => ({ status: 'emailPending', submittedAt: f.now })),
        ),
      ],
    },
    play: heading(`enrol:email.outcomes.${outcome}`),
  };
}

export const LinkVerified = linkStory('verified');
export const LinkVerifiedArabic = inArabic(LinkVerified);
export const LinkExpired = linkStory('expired');
export const LinkExpiredArabic = inArabic(LinkExpired);
export const LinkUsed = linkStory('used');
export const LinkUsedArabic = inArabic(LinkUsed);
export const LinkSuperseded = linkStory('superseded');
export const LinkSupersededArabic = inArabic(LinkSuperseded);
export const LinkInvalid = linkStory('invalid');
export const LinkInvalidArabic = inArabic(LinkInvalid);
export const LinkVerifiedDark = inDark(LinkVerified);

/**
 * Opened in a mail app's browser, which does not hold the application: the identity app continues
 * that application here.
 */
export const LinkVerifiedElsewhere: Story = {
  parameters: {
    portal: { route: '/email-verification?token=abc.123.def' },
    msw: [
      http.post(mockUrl(CONTRACT.verifyApplicationEmail), () =>
        HttpResponse.json({
          outcome: 'verified',
          reference: 'APP-7Q2K9M',
          status: 'paymentPending',
          kind: 'l2Provider',
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('APP-7Q2K9M')).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('enrol:begin.verify') })).toBeVisible();
    await expect(canvas.queryByText(text('enrol:none'))).toBeNull();
  },
};
export const LinkVerifiedElsewhereArabic = inArabic(LinkVerifiedElsewhere);

/**
 * A used link in a browser without the application: the address stays verified, and the link
 * continues nothing (it did once); the way on is the identity app from the start.
 */
export const LinkUsedElsewhere: Story = {
  parameters: {
    portal: { route: '/email-verification?token=abc.123.def' },
    msw: [
      http.post(mockUrl(CONTRACT.verifyApplicationEmail), () =>
        HttpResponse.json({
          outcome: 'used',
          reference: 'APP-7Q2K9M',
          status: 'filed',
          kind: 'organization',
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('enrol:email.outcomes.used'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: text('enrol:toCreate') })).toHaveAttribute(
      'href',
      '/create-account',
    );
    await expect(canvas.queryByRole('button', { name: text('enrol:begin.verify') })).toBeNull();
  },
};
export const LinkUsedElsewhereArabic = inArabic(LinkUsedElsewhere);

/** Submitted: where the link went, and a new one on request. */
export const LinkSent: Story = {
  parameters: holding('/email-verification', (f) => ({
    status: 'emailPending',
    submittedAt: f.now,
  })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('enrol:email.sent'), { exact: false })).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('enrol:email.resend') })).toBeEnabled();
  },
};
export const LinkSentArabic = inArabic(LinkSent);

/** A browser that holds no application is shown the way to begin one. */
export const NoApplication: Story = {
  parameters: { portal: { route: '/email-verification' } },
  play: heading('enrol:none'),
};
export const NoApplicationArabic = inArabic(NoApplication);

const FEE = { price: 5000, tax: 750, totalPrice: 5750 };

export const FeeDue: Story = {
  render: () => <VerifyPayments />,
  parameters: holding('/verify-payments', (f) => ({
    kind: 'l2Provider',
    status: 'paymentPending',
    emailVerified: true,
    fee: FEE,
    submittedAt: f.now,
  })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('enrol:payment.pay') }),
    ).toBeEnabled();
  },
};
export const FeeDueArabic = inArabic(FeeDue);
export const FeeDueDark = inDark(FeeDue);

export const NothingDue: Story = {
  render: () => <VerifyPayments />,
  parameters: holding('/verify-payments', () => ({ status: 'filed', emailVerified: true })),
  play: heading('enrol:payment.nothingDue'),
};
export const NothingDueArabic = inArabic(NothingDue);

function paymentStory(paymentStatus: 'success' | 'failure' | 'initiated', action: string): Story {
  return {
    render: () => <PaymentStatusPrelogin />,
    parameters: {
      portal: {
        route: '/paymentstatus-prelogin?payment=pay_mock',
        applicationToken: 'story-token',
      },
      msw: [
        http.get(
          mockUrl(CONTRACT.myApplication),
          answered(() => ({ kind: 'l2Provider', status: 'paymentPending', fee: FEE })),
        ),
        http.post(mockUrl(CONTRACT.applicationPaymentStatus), () => {
          const f = storyFixtures();
          return HttpResponse.json({
            encodedPaymentSlno: 'pay_mock',
            encodedOrderSlno: 'ord_mock',
            paymentStatus,
            statusLabel: f.term(paymentStatus),
            amount: 5750,
            category: 'registration',
            errorMessage:
              paymentStatus === 'failure'
                ? f.say({ en: 'Declined by the payment gateway.', ar: 'رفضت بوابة الدفع العملية.' })
                : null,
          });
        }),
      ],
    },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(text(action))).toBeVisible();
    },
  };
}

export const Paid = paymentStory('success', 'enrol:email.continue');
export const PaidArabic = inArabic(Paid);
export const Declined = paymentStory('failure', 'enrol:payment.retry');
export const DeclinedArabic = inArabic(Declined);
export const StillOpen = paymentStory('initiated', 'enrol:payment.recheck');
export const StillOpenArabic = inArabic(StillOpen);

function stageStory(changes: (f: Fixtures) => Changes, stage: string): Story {
  return {
    render: () => <AfterVerification />,
    parameters: holding('/after-verification', (f) => ({ submittedAt: f.now, ...changes(f) })),
    play: async ({ canvasElement }) => {
      await expect(
        await within(canvasElement).findByRole('heading', {
          name: text(`enrol:status.stages.${stage}.title`, {
            provider: storyFixtures().providerName,
          }),
        }),
      ).toBeVisible();
    },
  };
}

const decided = (
  f: Fixtures,
  status: 'Pending' | 'Approved' | 'Rejected',
  remarks: string | null = null,
) => ({
  status,
  statusLabel: f.term(status),
  remarks,
  decidedAt: status === 'Pending' ? null : f.now,
  providerName: f.providerName,
});

export const AwaitingEmail = stageStory(() => ({ status: 'emailPending' }), 'emailPending');
export const AwaitingEmailArabic = inArabic(AwaitingEmail);
export const AwaitingFee = stageStory(
  () => ({ status: 'paymentPending', kind: 'l2Provider', fee: FEE, emailVerified: true }),
  'paymentPending',
);
export const AwaitingFeeArabic = inArabic(AwaitingFee);
export const UnderReview = stageStory(
  (f) => ({ status: 'filed', emailVerified: true, decision: decided(f, 'Pending') }),
  'Pending',
);
export const UnderReviewArabic = inArabic(UnderReview);
export const UnderReviewDark = inDark(UnderReview);
export const Approved = stageStory(
  (f) => ({ status: 'filed', emailVerified: true, decision: decided(f, 'Approved') }),
  'Approved',
);
export const ApprovedArabic = inArabic(Approved);
export const Refused = stageStory(
  (f) => ({
    status: 'filed',
    emailVerified: true,
    decision: decided(
      f,
      'Rejected',
      f.say({
        en: 'The authorization letter is not signed.',
        ar: 'خطاب التفويض غير موقّع.',
      }),
    ),
  }),
  'Rejected',
);
export const RefusedArabic = inArabic(Refused);

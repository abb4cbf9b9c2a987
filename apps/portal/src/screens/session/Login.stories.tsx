/**
 * The login screen's states (SPEC §1, §4, §8), each in English and Arabic, light and dark, with
 * the network mocked: idle; waiting with the number to pick; rejected in the identity app; the
 * challenge expired (counted down); the call failed; too many requests for one id; an invalid
 * national id and one that fails its check digit; an approved identity without an account (offered
 * to create one); the one-time code sent, with a resend countdown; wrong credentials and a wrong
 * code beside their fields.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { languageOf, mockStates, mockUrl } from '@tawqi/api/msw';
import { IDENTITY_CHALLENGE_TTL_MS, MESSAGES, formatContact, formatDigits } from '@tawqi/domain';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  findPageAlert,
  expectCountdown,
  inArabic,
  inDark,
  movableClock,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Login from './Login.js';

const NATIONAL_ID = '1000000008';

/** Verify answers "3" (not answered on the phone yet) for as long as the story runs. */
const stillWaiting = http.post(mockUrl(CONTRACT.nafathLoginVerify), () =>
  HttpResponse.json({ status: '3', errorMessage: null, session: null, reason: null }),
);

const meta = {
  title: 'Portal/Login',
  component: Login,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'fullscreen',
    portal: { route: '/app/login', ownLandmarks: true },
  },
} satisfies Meta<typeof Login>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On the credentials tab: Sara's username, a password, and "Send me a code". */
async function sendCredentials(canvasElement: HTMLElement, password = 'Tawqi-demo-2026') {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('tab', { name: text('login:tabs.credentials') }));
  await userEvent.type(canvas.getByRole('textbox', { name: text('login:otp.username') }), 'sara');
  await userEvent.type(canvas.getByLabelText(text('login:otp.password')), password);
  await userEvent.click(canvas.getByRole('button', { name: text('login:otp.sendCode') }));
}

async function startNafath(canvasElement: HTMLElement, nationalId = NATIONAL_ID) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: text('login:nafath.nationalId') }),
    nationalId,
  );
  await userEvent.click(canvas.getByRole('button', { name: text('login:nafath.signIn') }));
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('login:title') }),
    ).toBeVisible();
    // Selected once the tabs have read the route, which a freshly loaded page may do a frame later.
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: text('login:tabs.nafath') })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  },
};
export const IdleArabic = inArabic(Idle);
export const IdleDark = inDark(Idle);
export const IdleArabicDark = inDark(inArabic(Idle));

export const WaitingWithNumber: Story = {
  parameters: { msw: [stillWaiting] },
  play: async ({ canvasElement }) => {
    await startNafath(canvasElement);
    // The number in the page's digits (٤٢ in Arabic), as the identity app shows it.
    const shown = formatDigits('42', storyLanguage());
    const number = await within(canvasElement).findByLabelText(
      text('login:nafath.numberLabel', { number: shown }),
    );
    await expect(number).toHaveTextContent(shown);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      text('login:nafath.waiting'),
    );
    // Focus is on the result, and the time left shows (not announced every second).
    await expect(within(canvasElement).getByRole('status')).toHaveFocus();
    await expect(
      within(canvasElement).getByText(/^(The request expires in|تنتهي صلاحية الطلب خلال) /),
    ).toBeVisible();
  },
};
export const WaitingWithNumberArabic = inArabic(WaitingWithNumber);
export const WaitingWithNumberDark = inDark(WaitingWithNumber);
export const WaitingWithNumberArabicDark = inDark(inArabic(WaitingWithNumber));

const REJECTED = { en: 'You declined the request in Nafath.', ar: 'رفضت الطلب في تطبيق نفاذ.' };

export const Rejected: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.nafathLoginVerify), ({ request }) =>
        HttpResponse.json({
          status: '0',
          errorMessage: request.headers.get('accept-language') === 'ar' ? REJECTED.ar : REJECTED.en,
          session: null,
          reason: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement, globals }) => {
    await startNafath(canvasElement);
    // The server's own message, in the language the request asked for (SPEC §8).
    const message = globals.language === 'ar' ? REJECTED.ar : REJECTED.en;
    await expect(
      await within(canvasElement).findByRole('alert', {}, { timeout: 5000 }),
    ).toHaveTextContent(message);
  },
};
export const RejectedArabic = inArabic(Rejected);
export const RejectedDark = inDark(Rejected);
export const RejectedArabicDark = inDark(inArabic(Rejected));

export const Expired: Story = {
  parameters: { msw: [stillWaiting] },
  play: async ({ canvasElement }) => {
    await startNafath(canvasElement);
    await within(canvasElement).findByRole('status');
    // The phone is never answered: move the screen's clock past the challenge's lifetime.
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + IDENTITY_CHALLENGE_TTL_MS + 1000;
    try {
      await expect(
        await within(canvasElement).findByRole('alert', {}, { timeout: 5000 }),
      ).toHaveTextContent(text('login:nafath.expired'));
    } finally {
      Date.now = realNow;
    }
  },
};
export const ExpiredArabic = inArabic(Expired);
export const ExpiredDark = inDark(Expired);
export const ExpiredArabicDark = inDark(inArabic(Expired));

export const CallFailed: Story = {
  parameters: { msw: [mockStates.failure('nafathLoginInitiate', 500)] },
  play: async ({ canvasElement, globals }) => {
    const somethingWentWrong =
      MESSAGES['errors.somethingWentWrong'][globals.language === 'ar' ? 'ar' : 'en'];
    await startNafath(canvasElement);
    await expect(await findPageAlert(canvasElement)).toHaveTextContent(somethingWentWrong);
    // …and the catalogue's toast (SPEC §8: initiation failed → "Something went wrong").
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(somethingWentWrong);
  },
};
export const CallFailedArabic = inArabic(CallFailed);
export const CallFailedDark = inDark(CallFailed);
export const CallFailedArabicDark = inDark(inArabic(CallFailed));

/** What the story's verify mock has seen. */
const verifyCalls = { inFlight: 0, most: 0, count: 0 };

/**
 * The identity app asked too soon while waiting (issue 38): the server's 429 is waited out, not
 * shown, and the person's approval still signs them in. The mock answers slowly (longer than the
 * polling interval) and counts calls in flight: never more than one at a time.
 */
export const AskedTooSoonWhileWaiting: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.nafathLoginVerify), async () => {
        verifyCalls.inFlight += 1;
        verifyCalls.most = Math.max(verifyCalls.most, verifyCalls.inFlight);
        verifyCalls.count += 1;
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        verifyCalls.inFlight -= 1;
        if (verifyCalls.count === 1)
          return HttpResponse.json(
            { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests' },
            { status: 429 },
          );
        return HttpResponse.json({ status: '3', errorMessage: null, session: null, reason: null });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    Object.assign(verifyCalls, { inFlight: 0, most: 0, count: 0 });
    await startNafath(canvasElement);
    const canvas = within(canvasElement);
    await canvas.findByRole('status');
    // Past the refused call and into the next ones, still waiting and nothing shown.
    await waitFor(() => expect(verifyCalls.count).toBeGreaterThanOrEqual(3), { timeout: 15_000 });
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(canvas.getByRole('status')).toBeVisible();
    await expect(verifyCalls.most).toBe(1);
  },
};
const TOO_MANY = {
  en: 'Too many requests for this national ID. Try again in 10 minutes.',
  ar: 'طلبات كثيرة لرقم الهوية هذا. حاول مرة أخرى بعد ١٠ دقائق.',
};

/** Too many identity-app requests for one id: the server's 429 says how long to wait, and so does the toast. */
export const TooManyRequests: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.nafathLoginInitiate), ({ request }) =>
        HttpResponse.json(
          {
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: request.headers.get('accept-language') === 'ar' ? TOO_MANY.ar : TOO_MANY.en,
          },
          { status: 429, headers: { 'retry-after': '600' } },
        ),
      ),
    ],
  },
  play: async ({ canvasElement, globals }) => {
    await startNafath(canvasElement);
    const toast = await screen.findByRole('alertdialog');
    await expect(toast).toHaveTextContent(globals.language === 'ar' ? TOO_MANY.ar : TOO_MANY.en);
    // And the wait counts down (issue 43): ten minutes.
    await expectCountdown(toast, 600);
  },
};
export const TooManyRequestsArabic = inArabic(TooManyRequests);

export const InvalidNationalId: Story = {
  play: async ({ canvasElement }) => {
    await startNafath(canvasElement, '1234');
    const field = within(canvasElement).getByRole('textbox', {
      name: text('login:nafath.nationalId'),
    });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining(text('login:nafath.invalidId')) as string,
    );
  },
};
export const InvalidNationalIdArabic = inArabic(InvalidNationalId);

/** Ten digits of the right shape with a slip in them: the check digit says so. */
export const CheckDigitSlip: Story = {
  play: async ({ canvasElement }) => {
    await startNafath(canvasElement, '1000000009');
    const field = within(canvasElement).getByRole('textbox', {
      name: text('login:nafath.nationalId'),
    });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining(text('login:nafath.checkDigit')) as string,
    );
  },
};
export const CheckDigitSlipArabic = inArabic(CheckDigitSlip);

const NOT_REGISTERED = {
  en: 'This national ID has no Tawqi account yet.',
  ar: 'لا يوجد حساب في منصة توقيع لرقم الهوية هذا بعد.',
};

/** Approved in the identity app, but no account: the person is offered to create one there. */
export const NotRegistered: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.nafathLoginVerify), ({ request }) =>
        HttpResponse.json({
          status: '0',
          errorMessage:
            request.headers.get('accept-language') === 'ar' ? NOT_REGISTERED.ar : NOT_REGISTERED.en,
          session: null,
          reason: 'notRegistered',
        }),
      ),
      // The enrolment then started waits for its own approval.
      http.post(mockUrl(CONTRACT.nafathEnrollmentVerify), () =>
        HttpResponse.json({ status: '3', errorMessage: null, session: null, reason: null }),
      ),
    ],
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await startNafath(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(
      globals.language === 'ar' ? NOT_REGISTERED.ar : NOT_REGISTERED.en,
    );
    await expect(alert).toHaveFocus();
    await expect(canvas.getByText(text('login:nafath.createOffer'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text('login:nafath.enrol') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(text('login:nafath.waiting'));
  },
};
export const NotRegisteredArabic = inArabic(NotRegistered);

/** After inactivity ended the session, the login page says so first. */
export const SignedOutForInactivity: Story = {
  parameters: { portal: { route: '/app/login?signedOut=inactive&minutes=30' } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('login:signedOutIdle', { count: 30 })),
    ).toBeVisible();
  },
};
export const SignedOutForInactivityArabic = inArabic<Story>({
  parameters: { portal: { route: '/app/login?signedOut=inactive&minutes=30' } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'سُجّل خروجك بعد ٣٠ دقيقة دون نشاط. سجّل الدخول مجددًا للمتابعة.',
      ),
    ).toBeVisible();
  },
});

export const OneTimeCodeSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sendCredentials(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      formatDigits('05*****567', storyLanguage()),
    );
    const code = canvas.getByRole('textbox', { name: text('login:otp.code') });
    await expect(code).toHaveFocus();
    // A new code can be asked for after a minute: until then the wait is counted down.
    await expect(
      canvas.getByText(
        /^(You can ask for a new code in \u20661:00\u2069|يمكنك طلب رمز جديد بعد \u2066١:٠٠\u2069)\.$/,
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: text('login:otp.resend') })).toBeNull();
  },
};

/** A minute later the code can be sent again; the newest one is the one to type. */
export const ResendCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sendCredentials(canvasElement);
    await canvas.findByRole('status');
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + 61_000;
    try {
      await userEvent.click(
        await canvas.findByRole('button', { name: text('login:otp.resend') }, { timeout: 3000 }),
      );
    } finally {
      Date.now = realNow;
    }
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        text('login:otp.resent', { destination: formatContact('05*****567', storyLanguage()) }),
      ),
    );
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: text('login:otp.code') })).toHaveFocus(),
    );
  },
};
export const ResendCodeArabic = inArabic(ResendCode);

/** The server's words, in the language the page asked in. */
const WRONG_CODE = { en: 'The code is not correct.', ar: 'الرمز غير صحيح.' };
/** A wrong code is said under the code field. */
export const WrongCode: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.credentialsVerifyOtp), ({ request }) =>
        HttpResponse.json({
          status: '0',
          errorMessage: WRONG_CODE[languageOf(request)],
          session: null,
          reason: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sendCredentials(canvasElement);
    const code = await canvas.findByRole('textbox', { name: text('login:otp.code') });
    await userEvent.type(code, '123456');
    await userEvent.click(canvas.getByRole('button', { name: text('login:otp.verify') }));
    // Once the server has answered.
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    await expect(code).toHaveAccessibleDescription(
      expect.stringContaining(WRONG_CODE[storyLanguage()]) as string,
    );
  },
};
export const WrongCodeArabic = inArabic(WrongCode);
/** A code past its life (three minutes) says so before it is typed: the check is off. */
const loginClock = movableClock();
export const CodeExpired: Story = {
  beforeEach: loginClock.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await sendCredentials(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      text('app:code.validFor', { count: 3 }),
    );
    const code = canvas.getByRole('textbox', { name: text('login:otp.code') });
    loginClock.moveOn(181_000);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    await expect(code).toHaveAccessibleDescription(text('app:code.expired'));
    await expect(canvas.getByRole('button', { name: text('login:otp.verify') })).toBeDisabled();
    // A new code is offered at once (the wait between codes is shorter than a code's life).
    await expect(canvas.getByRole('button', { name: text('login:otp.resend') })).toBeVisible();
  },
};
export const CodeExpiredArabic = inArabic(CodeExpired);
export const OneTimeCodeSentArabic = inArabic(OneTimeCodeSent);
export const OneTimeCodeSentDark = inDark(OneTimeCodeSent);

const WRONG_CREDENTIALS = {
  en: 'The username or password is incorrect.',
  ar: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
};

/** A wrong password (or an unknown username: the same words): said at once, under the password. */
export const WrongCredentials: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.credentialsLoginInitiate), ({ request }) =>
        HttpResponse.json({
          status: '0',
          errorMessage:
            request.headers.get('accept-language') === 'ar'
              ? WRONG_CREDENTIALS.ar
              : WRONG_CREDENTIALS.en,
          otpReference: null,
          maskedDestination: null,
          expiresInSeconds: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await sendCredentials(canvasElement, 'not it');
    // Beside the password, as the field's error.
    const passwordField = canvas.getByLabelText(text('login:otp.password'));
    await waitFor(() => expect(passwordField).toHaveAttribute('aria-invalid', 'true'));
    await expect(passwordField).toHaveAccessibleDescription(
      expect.stringContaining(
        globals.language === 'ar' ? WRONG_CREDENTIALS.ar : WRONG_CREDENTIALS.en,
      ) as string,
    );
    // No code step: nothing was sent.
    await expect(canvas.queryByRole('textbox', { name: text('login:otp.code') })).toBeNull();
  },
};
export const WrongCredentialsArabic = inArabic(WrongCredentials);

/**
 * One envelope (issue 44): my turn — the document drawn, the signers in order, signing asked to
 * be consented to, declining with a reason — finished by everyone, declined, waiting for others,
 * and not there; in both languages, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT, type Envelope } from '@tawqi/api';
import { mockEnvelope } from '@tawqi/api/fixtures';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
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
import EnvelopeView from './EnvelopeView.js';

const meta = {
  title: 'Portal/My/EnvelopeView',
  component: EnvelopeView,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: {
      route: `/app/my/envelope?id=${mockEnvelope('en').envelopeID}`,
      session: SESSION_INDIVIDUAL,
    },
  },
} satisfies Meta<typeof EnvelopeView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The envelope as another state, in the language the page asks in (as the server answers). */
const envelopeAs = (change: (envelope: Envelope, language: 'en' | 'ar') => Envelope) => [
  http.get(mockUrl(CONTRACT.envelopeDetails), ({ request }) => {
    const language = request.headers.get('accept-language')?.startsWith('ar') ? 'ar' : 'en';
    return HttpResponse.json(change(BASE[language], language));
  }),
];

/** The mock's envelope in each language (@tawqi/api's mock answers send it). */
const BASE: Record<'en' | 'ar', Envelope> = { en: mockEnvelope('en'), ar: mockEnvelope('ar') };

const drawn = async (canvasElement: HTMLElement) => {
  const sheet = await within(canvasElement).findByRole(
    'img',
    { name: /Lease agreement\.pdf/ },
    { timeout: 25_000 },
  );
  await waitFor(() => expect(sheet).toHaveAttribute('data-drawn', 'true'), { timeout: 25_000 });
};

/** My turn: the document drawn, who signed before me, and signing or declining. */
export const MyTurn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: text('my:envelopes.yourTurnTitle') }),
    ).toBeVisible();
    await expect(canvas.getByText(text('my:envelopes.signerStatuses.signed'))).toBeVisible();
    await expect(canvas.getByText(text('my:envelopes.signerStatuses.asked'))).toBeVisible();
    await drawn(canvasElement);
    await expect(canvas.getByRole('button', { name: text('my:envelopes.sign') })).toBeEnabled();
  },
};
export const MyTurnArabic = inArabic(MyTurn);
export const MyTurnDark = inDark(MyTurn);

/** Signing without saying so is not sent: the consent is asked for. */
export const ConsentAskedFor: Story = {
  play: async ({ canvasElement }) => {
    // The document drawn first: the page's image is of it, not of its spinner.
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('my:envelopes.sign') }));
    await expect(await canvas.findByText(text('my:envelopes.consentNeeded'))).toBeVisible();
  },
};
export const ConsentAskedForArabic = inArabic(ConsentAskedFor);

const declined: unknown[] = [];

/** Declining asks why; without a reason nothing is sent, with one it is. */
export const Declining: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.declineEnvelope), async ({ request }) => {
        declined.push(await request.json());
        return HttpResponse.json({ ...BASE.en, status: 'declined', myTurn: false });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    // The document drawn first: the page's image is of it, not of its spinner.
    await drawn(canvasElement);
    declined.length = 0;
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('my:envelopes.decline') }),
    );
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(
      dialog.getByRole('button', { name: text('my:envelopes.declineConfirm') }),
    );
    await expect(await dialog.findByText(text('my:envelopes.reasonNeeded'))).toBeVisible();
    await expect(declined).toHaveLength(0);
    const reason = storyLanguage() === 'ar' ? 'خطأ' : 'Wrong';
    await userEvent.type(
      dialog.getByRole('textbox', { name: text('my:envelopes.reason') }),
      reason,
    );
    await userEvent.click(
      dialog.getByRole('button', { name: text('my:envelopes.declineConfirm') }),
    );
    await waitFor(() => expect(declined).toEqual([{ reason }]));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};
export const DecliningArabic = inArabic(Declining);

/** Declined by a signer: the reason shown to everyone, nothing left to do. */
export const Declined: Story = {
  parameters: {
    msw: envelopeAs((envelope, language) => ({
      ...envelope,
      status: 'declined',
      myTurn: false,
      endedDate: '2026-11-21T10:00:00.000Z',
      signers: [
        ...envelope.signers.map((signer) =>
          signer.position === 2
            ? {
                ...signer,
                status: 'declined' as const,
                decidedDate: '2026-11-21T10:00:00.000Z',
                declineReason: language === 'ar' ? 'الإيجار غير صحيح' : 'The rent is wrong',
              }
            : signer,
        ),
        // One after the signer who declined: never asked now, and not said to wait.
        {
          position: envelope.signers.length + 1,
          name: language === 'ar' ? 'سلمى الشهري' : 'Salma Al-Shehri',
          status: 'waiting' as const,
          isMe: false,
          placement: '1-320,40,540,120',
          decidedDate: null,
          declineReason: null,
        },
      ],
    })),
  },
  play: async ({ canvasElement }) => {
    // The document drawn first: the page's image is of it, not of its spinner.
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    // The envelope's state and the signer's (the same word in English).
    const [status] = await canvas.findAllByText(text('my:envelopes.statuses.declined'));
    await expect(status).toBeVisible();
    await expect(
      canvas.getByText(storyLanguage() === 'ar' ? 'الإيجار غير صحيح' : 'The rent is wrong'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: text('my:envelopes.sign') })).toBeNull();
    await expect(canvas.getByText(text('my:envelopes.signerStatuses.notAsked'))).toBeVisible();
    await expect(canvas.queryByText(text('my:envelopes.signerStatuses.waiting'))).toBeNull();
  },
};
export const DeclinedArabic = inArabic(Declined);
export const DeclinedDark = inDark(Declined);

/** Signed by everyone: the finished PDF to download. */
export const Completed: Story = {
  parameters: {
    msw: envelopeAs((envelope) => ({
      ...envelope,
      status: 'completed',
      myTurn: false,
      sentByMe: true,
      endedDate: '2026-11-21T10:00:00.000Z',
      signers: envelope.signers.map((signer) => ({
        ...signer,
        isMe: false,
        status: 'signed',
        decidedDate: '2026-11-21T10:00:00.000Z',
      })),
    })),
  },
  play: async ({ canvasElement }) => {
    // The document drawn first: the page's image is of it, not of its spinner.
    await drawn(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:envelopes.completedLead'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: text('my:envelopes.downloadSigned') }),
    ).toBeEnabled();
    await expect(canvas.getByText(text('my:envelopes.you'))).toBeVisible();
  },
};
export const CompletedArabic = inArabic(Completed);

/** Not there (or not mine): said plainly, with the way back to my envelopes. */
export const NotFound: Story = {
  parameters: {
    msw: [
      http.get(mockUrl(CONTRACT.envelopeDetails), () =>
        HttpResponse.json(
          { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' },
          { status: 404 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:envelopes.notFound'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: text('my:envelopes.all') })).toBeVisible();
  },
};
export const NotFoundArabic = inArabic(NotFound);

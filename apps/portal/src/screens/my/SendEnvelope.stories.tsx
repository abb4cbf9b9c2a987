/**
 * Sending a PDF to others to sign in order (issue 44): before anything; a PDF chosen with two
 * signers, each one's signature box on the page, one moved from the keyboard; what is missing
 * said before sending; a signer who is not a Tawqi user, in the service's words; what is sent —
 * in both languages, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { formatNumber } from '@tawqi/domain';
import { MOCK_PDF_BYTES, mockUrl } from '@tawqi/api/msw';
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
import SendEnvelope from './SendEnvelope.js';

const meta = {
  title: 'Portal/My/SendEnvelope',
  component: SendEnvelope,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/envelopes/send', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof SendEnvelope>;
export default meta;
type Story = StoryObj<typeof meta>;

const LEASE = 'lease.pdf';
const n = (value: number) => formatNumber(value, storyLanguage());

async function choosePdf(canvasElement: HTMLElement) {
  const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(
    input,
    new File([MOCK_PDF_BYTES.slice()], LEASE, { type: 'application/pdf' }),
  );
  const sheet = await within(canvasElement).findByRole(
    'img',
    { name: /lease\.pdf/ },
    { timeout: 25_000 },
  );
  await waitFor(() => expect(sheet).toHaveAttribute('data-drawn', 'true'), { timeout: 25_000 });
}

/** Two signers named, each with their box on the page. */
async function twoSigners(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(
    canvas.getByRole('textbox', { name: text('my:envelopes.name') }),
    storyLanguage() === 'ar' ? 'عقد' : 'Lease',
  );
  await choosePdf(canvasElement);
  await userEvent.type(
    canvas.getByRole('textbox', {
      name: text('my:envelopes.signerValue.nationalId', { number: n(1) }),
    }),
    '1000000016',
  );
  await userEvent.click(canvas.getByRole('button', { name: text('my:envelopes.addSigner') }));
  await userEvent.type(
    canvas.getByRole('textbox', {
      name: text('my:envelopes.signerValue.nationalId', { number: n(2) }),
    }),
    '1000000024',
  );
  await waitFor(() => expect(canvasElement.querySelectorAll('[data-stamp]')).toHaveLength(2));
}

/** Before anything: what sending does, and one signer to name. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: text('my:envelopes.sendTitle') }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('my:envelopes.choose') })).toBeEnabled();
    await expect(
      canvas.getByRole('textbox', {
        name: text('my:envelopes.signerValue.nationalId', { number: n(1) }),
      }),
    ).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);
export const EmptyDark = inDark(Empty);

/** Two signers placed: the second's box moved to the upper left from the keyboard. */
export const Placing: Story = {
  play: async ({ canvasElement }) => {
    await twoSigners(canvasElement);
    const canvas = within(canvasElement);
    const [, second] = canvasElement.querySelectorAll<HTMLElement>('[data-stamp]');
    await expect(second).toHaveTextContent(text('my:envelopes.signerLabel', { number: n(2) }));
    await userEvent.click(
      canvas.getByRole('button', {
        name: new RegExp(text('my:envelopes.signerCorner', { number: n(2) })),
      }),
    );
    await userEvent.click(
      await within(document.body).findByRole('option', {
        name: text('my:signOwn.corners.upperLeft'),
      }),
    );
    await waitFor(() => expect(second?.style.left).toBe('5%'));
  },
};
export const PlacingArabic = inArabic(Placing);
export const PlacingDark = inDark(Placing);

/** Sent with nothing filled in: each missing part said, nothing sent. */
export const MissingParts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: text('my:envelopes.sendButton', { count: 1 }) }),
    );
    await expect(await canvas.findByText(text('my:envelopes.nameNeeded'))).toBeVisible();
    await expect(canvas.getByText(text('my:envelopes.fileNeeded'))).toBeVisible();
    await expect(canvas.getByText(text('my:envelopes.signerProblems.empty'))).toBeVisible();
  },
};
export const MissingPartsArabic = inArabic(MissingParts);

/** The service's words for a national id that is no Tawqi user's, in each language. */
const UNKNOWN = {
  en: 'No Tawqi user has this national id. Ask them to register first, or name them by e-mail: they are invited.',
  ar: 'لا يوجد مستخدم في توقيع بهذا الرقم. اطلب منه التسجيل أولًا، أو أضفه ببريده الإلكتروني لتصله دعوة.',
};

/** A signer the service does not know: said under that signer, and everything kept. */
export const UnknownSigner: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.sendEnvelope), ({ request }) => {
        const language = request.headers.get('accept-language')?.startsWith('ar') ? 'ar' : 'en';
        return HttpResponse.json(
          {
            statusCode: 422,
            code: 'VALIDATION_FAILED',
            message: language === 'ar' ? 'الطلب غير صالح.' : 'The request is not valid.',
            fieldErrors: [{ path: 'signers.1.nationalId', message: UNKNOWN[language] }],
          },
          { status: 422 },
        );
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await twoSigners(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: text('my:envelopes.sendButton', { count: 2 }) }),
    );
    await expect(await canvas.findByText(UNKNOWN[storyLanguage()])).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-stamp]')).toHaveLength(2);
  },
};
export const UnknownSignerArabic = inArabic(UnknownSigner);

const sent: unknown[] = [];

/** Sent: the PDF, and each signer with the place of their signature (`page-x1,y1,x2,y2`). */
export const Sent: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.sendEnvelope), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ envelopeID: 'EN-7C2D9E4F1A3B5C60' });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    await twoSigners(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', {
        name: text('my:envelopes.sendButton', { count: 2 }),
      }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    await expect(sent[0]).toMatchObject({
      document: { kind: 'pdf', name: LEASE },
      signers: [
        { nationalId: '1000000016', placement: '1-345.25,29.75,565.25,109.75' },
        { nationalId: '1000000024', placement: '1-29.75,29.75,249.75,109.75' },
      ],
    });
  },
};
export const SentArabic = inArabic(Sent);

/**
 * Sign my own PDFs (issue 44): before a file; a PDF chosen, drawn, with the signature at the last
 * page's lower right corner and moved from the keyboard; files left out and why; consent asked
 * for; an organization's counters to pay with; what is sent; a refusal — in both languages, light
 * and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT, ESIGN_ERRORS } from '@tawqi/api';
import { MOCK_PDF_BYTES, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import SignOwn from './SignOwn.js';

const meta = {
  title: 'Portal/My/SignOwn',
  component: SignOwn,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/esign/sign', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof SignOwn>;
export default meta;
type Story = StoryObj<typeof meta>;

const LEASE = 'lease.pdf';
const pdfFile = (name = LEASE) =>
  new File([MOCK_PDF_BYTES.slice()], name, { type: 'application/pdf' });

async function choose(canvasElement: HTMLElement, ...files: File[]) {
  const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, files);
}

/** The chosen PDF's page drawn, with the signature's box on it. */
async function drawnWithStamp(canvasElement: HTMLElement): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  const sheet = await canvas.findByRole('img', { name: /lease\.pdf/ }, { timeout: 25_000 });
  await waitFor(() => expect(sheet).toHaveAttribute('data-drawn', 'true'), { timeout: 25_000 });
  const stamp = await waitFor(() => {
    const found = canvasElement.querySelector<HTMLElement>('[data-stamp]');
    if (!found) throw new Error('no signature box yet');
    return found;
  });
  return stamp;
}

/** Before a file: what the page does, within which limits. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: text('my:signOwn.title') }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('my:signOwn.choose') })).toBeEnabled();
    // Nothing to sign yet: no signing button.
    await expect(
      canvas.queryByRole('button', { name: text('my:signOwn.sign', { count: 1 }) }),
    ).toBeNull();
  },
};
export const EmptyArabic = inArabic(Empty);
export const EmptyDark = inDark(Empty);

/**
 * A PDF chosen: its page drawn, the signature at its lower right corner; moved to the upper left
 * from the keyboard (the page and corner choices), the box follows.
 */
export const Placing: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, pdfFile());
    const canvas = within(canvasElement);
    const stamp = await drawnWithStamp(canvasElement);
    await expect(stamp).toHaveTextContent(text('my:signOwn.yourSignature'));
    // A twentieth of its width (29.75 points) from the right and bottom edges of a 595 × 842 page.
    await expect(stamp.style.bottom).toMatch(/^3\.53/);
    await expect(stamp.style.left).toMatch(/^58\.02/);
    const corner = canvas.getByRole('button', { name: new RegExp(text('my:signOwn.corner')) });
    await expect(corner).toHaveTextContent(text('my:signOwn.corners.lowerRight'));
    await userEvent.click(corner);
    await userEvent.click(
      await within(document.body).findByRole('option', {
        name: text('my:signOwn.corners.upperLeft'),
      }),
    );
    await waitFor(() => expect(stamp.style.left).toBe('5%'));
    await expect(
      canvas.getByRole('button', { name: text('my:signOwn.sign', { count: 1 }) }),
    ).toBeEnabled();
  },
};
export const PlacingArabic = inArabic(Placing);
export const PlacingDark = inDark(Placing);

/** Files left out, each with why: not a PDF (whatever its name says). */
export const FilesLeftOut: Story = {
  play: async ({ canvasElement }) => {
    await choose(
      canvasElement,
      new File(['<html>not a PDF</html>'], 'invoice.pdf', { type: 'application/pdf' }),
    );
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('my:signOwn.refused.notPdf', { name: 'invoice.pdf' }).replace(/<\/?name>/g, ''),
    );
    await expect(canvas.queryByRole('heading', { level: 2, name: 'invoice.pdf' })).toBeNull();
  },
};
export const FilesLeftOutArabic = inArabic(FilesLeftOut);

/** Signing without saying so is not sent: the consent is asked for. */
export const ConsentAskedFor: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, pdfFile());
    await drawnWithStamp(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: text('my:signOwn.sign', { count: 1 }) }),
    );
    await expect(await canvas.findByText(text('my:signOwn.consentNeeded'))).toBeVisible();
  },
};
export const ConsentAskedForArabic = inArabic(ConsentAskedFor);

const sent: unknown[] = [];

/**
 * Sent: each PDF with the place its signature was put at (the service's `page-x1,y1,x2,y2`), on
 * the organization's counters when chosen; the approval page comes next.
 */
export const SentOnOrganizationCounters: Story = {
  parameters: {
    portal: { route: '/app/my/esign/sign', session: SESSION_WITH_ORGANIZATIONS },
    msw: [
      http.post(mockUrl(CONTRACT.orgSignDocuments), async ({ request, params }) => {
        sent.push({ organization: params.organization, body: await request.json() });
        return HttpResponse.json({
          transactionID: 'ES-4F1C9A2B7D3E5F61',
          approvalPath: '/esign/approve?request=mockApprovalToken00000000000001',
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    await choose(canvasElement, pdfFile());
    await drawnWithStamp(canvasElement);
    const canvas = within(canvasElement);
    const payer = canvas.getByRole('button', { name: new RegExp(text('my:signOwn.payer')) });
    await userEvent.click(payer);
    const [, organization] = await within(document.body).findAllByRole('option');
    if (!organization) throw new Error('no organization to pay with');
    await userEvent.click(organization);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: text('my:signOwn.consent', { count: 1 }) }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: text('my:signOwn.sign', { count: 1 }) }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    const organizationSlno = String(SESSION_WITH_ORGANIZATIONS.organizationList[0]?.slno);
    await expect(sent[0]).toMatchObject({
      organization: organizationSlno,
      body: {
        consent: true,
        documents: [
          {
            kind: 'pdf',
            name: LEASE,
            stamp: { appearance: 'logo', placement: '1-345.25,29.75,565.25,109.75' },
          },
        ],
      },
    });
  },
};
export const SentOnOrganizationCountersArabic = inArabic(SentOnOrganizationCounters);

/** The service's words for a plan with nothing left, in each language (its catalogue's E2001). */
const REFUSAL = {
  en: ESIGN_ERRORS.countersExhausted.en,
  ar: ESIGN_ERRORS.countersExhausted.ar,
};

/** Refused (no signatures left on the plan): the service's words, and nothing is lost. */
export const Refused: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.signMyDocuments), ({ request }) =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            detail: 'E2001',
            message:
              REFUSAL[request.headers.get('accept-language')?.startsWith('ar') ? 'ar' : 'en'],
          },
          { status: 409 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, pdfFile());
    await drawnWithStamp(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: text('my:signOwn.consent', { count: 1 }) }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: text('my:signOwn.sign', { count: 1 }) }),
    );
    await expect(await within(document.body).findByText(REFUSAL[storyLanguage()])).toBeVisible();
    // The file and its placement are still there to try again.
    await expect(canvas.getByRole('heading', { level: 2, name: LEASE })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: text('my:signOwn.sign', { count: 1 }) }),
    ).toBeEnabled();
  },
};
export const RefusedArabic = inArabic(Refused);

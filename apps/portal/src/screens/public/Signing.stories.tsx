/**
 * The eSign service's public pages (issue 19): the signer's approval page while the identity app
 * waits, once signed and once declined; and the verify page before a file and with a report of
 * each verdict — in both languages, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { createMockAnswers } from '@tawqi/api/fixtures';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  storyFixtures,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import { sha256Of } from '../../files.js';
import Approve from './Approve.js';
import Verify from './Verify.js';

const TOKEN = 'q3Xv0pZ9Lr2bW8cT1yN6eH4kM7sJ5aDf';

const meta = {
  title: 'Portal/Public/Signing',
  component: Approve,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: `/esign/approve?request=${TOKEN}` },
  },
  args: { autoReturn: false },
} satisfies Meta<typeof Approve>;
export default meta;
type Story = StoryObj<typeof meta>;

const approval = () =>
  createMockAnswers(storyFixtures()).esignApproval({
    params: { token: TOKEN },
    query: {},
    body: {},
  });

/** Waiting: the application, its documents and the number to pick in the identity app. */
export const Waiting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('public:approve.pick'))).toBeVisible();
    await expect(canvas.getByText('Lease agreement.pdf')).toBeVisible();
    await expect(canvas.getByText(text('public:approve.statuses.pending'))).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /.+/ })).toBeNull();
  },
};
export const WaitingArabic = inArabic(Waiting);
export const WaitingDark = inDark(Waiting);

/** A document read in the page before approving: drawn by pdf.js, not blank, page by page. */
export const ReadingADocument: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = approval().documentDetails.find((one) => one.kind === 'pdf')?.name ?? '';
    const view = await canvas.findByRole('button', {
      name: text('public:approve.viewNamed', { name }),
    });
    await userEvent.click(view);
    // Open once its bytes have come.
    await waitFor(() => expect(view).toHaveAttribute('aria-expanded', 'true'));
    const sheet = await canvas.findByRole(
      'img',
      { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) },
      { timeout: 25_000 },
    );
    await waitFor(() => expect(sheet).toHaveAttribute('data-drawn', 'true'), { timeout: 25_000 });
    // Ink on the page: some pixels are not white paper.
    const drawn = sheet as HTMLCanvasElement;
    const pixels = drawn.getContext('2d')?.getImageData(0, 0, drawn.width, drawn.height).data ?? [];
    let ink = 0;
    for (let at = 0; at < pixels.length; at += 4) if ((pixels[at] ?? 255) < 128) ink += 1;
    await expect(ink).toBeGreaterThan(100);
    // Its words are there for a screen reader.
    await expect(canvas.getByText(/The landlord lets the flat/)).toBeInTheDocument();
    await userEvent.click(view);
    await expect(view).toHaveAttribute('aria-expanded', 'false');
  },
};
export const ReadingADocumentArabic = inArabic(ReadingADocument);
export const ReadingADocumentDark = inDark(ReadingADocument);

/** A document pdf.js cannot read: said plainly, with a way to try again; it can still be saved. */
export const DocumentUnreadable: Story = {
  parameters: {
    msw: [
      http.get(mockUrl(CONTRACT.esignApprovalDocument), () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('not a PDF').buffer, {
          headers: { 'content-type': 'application/pdf' },
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = approval().documentDetails.find((one) => one.kind === 'pdf')?.name ?? '';
    await userEvent.click(
      await canvas.findByRole('button', { name: text('public:approve.viewNamed', { name }) }),
    );
    await expect(
      await canvas.findByText(text('app:pdfViewer.failed'), undefined, { timeout: 25_000 }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: text('public:approve.downloadNamed', { name }) }),
    ).toBeEnabled();
  },
};
export const DocumentUnreadableArabic = inArabic(DocumentUnreadable);

const finished = (status: 'success' | 'failed') => [
  http.get(mockUrl(CONTRACT.esignApproval), () =>
    HttpResponse.json({
      ...approval(),
      status,
      number: null,
      returnUrl: `https://erp.example.sa/signed?txnId=T-1&status=${status}`,
      error:
        status === 'failed'
          ? { code: 'E3001', message: text('public:approve.statuses.failed') }
          : null,
    }),
  ),
];

/** Signed: it says so, and leads back to the application. */
export const Signed: Story = {
  parameters: { msw: finished('success') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('public:approve.signed'))).toBeVisible();
    await expect(
      canvas.getByRole('link', {
        name: text('public:approve.back', { application: approval().application }),
      }),
    ).toHaveAttribute('href', 'https://erp.example.sa/signed?txnId=T-1&status=success');
    await expect(
      canvas.getByRole('link', { name: text('public:approve.inTawqi') }),
    ).toHaveAttribute(
      'href',
      expect.stringContaining('/app/my/esign/transaction/return/external?transactionID=ES-'),
    );
    await expect(canvas.queryByText(text('public:approve.pick'))).toBeNull();
  },
};
export const SignedArabic = inArabic(Signed);

/** Declined in the identity app: the catalogue's code, and the way back. */
export const Declined: Story = {
  parameters: { msw: finished('failed') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('E3001');
    await expect(
      canvas.getByRole('link', {
        name: text('public:approve.back', { application: approval().application }),
      }),
    ).toBeVisible();
  },
};
export const DeclinedArabic = inArabic(Declined);

/** An address without a request says so. */
export const UnknownRequest: Story = {
  parameters: { portal: { route: '/esign/approve' } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('public:approve.unknown')),
    ).toBeVisible();
  },
};
export const UnknownRequestArabic = inArabic(UnknownRequest);

export const ApprovalLoading: Story = loadingStory('esignApproval');
export const ApprovalFailed: Story = failedOnceStory('esignApproval');

/** The verify page before a file: what it does, and that the file is not kept. */
export const VerifyPage: StoryObj<typeof Verify> = {
  render: () => <Verify />,
  parameters: { portal: { route: '/verify' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: text('public:verify.title') }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('public:verify.choose') })).toBeEnabled();
    await expect(canvas.getByText(text('public:verify.privacy'))).toBeVisible();
  },
};
export const VerifyPageArabic = inArabic(VerifyPage);
export const VerifyPageDark = inDark(VerifyPage);

const PDF = new File(['%PDF-1.7 signed'], 'lease-signed.pdf', { type: 'application/pdf' });

/**
 * A file chosen: the signature's verdict and its facts; `foreign`, signed with a certificate that
 * is not Tawqi's, whose claimed name is not shown.
 */
const reportStory = (
  verdict: 'valid' | 'modified' | 'invalid' | 'untrusted',
  foreign = false,
): StoryObj<typeof Verify> => ({
  render: () => <Verify />,
  parameters: {
    portal: { route: '/verify' },
    msw: [
      http.post(mockUrl(CONTRACT.verifySignedPdf), () => {
        const answer = createMockAnswers(storyFixtures()).verifySignedPdf({
          params: {},
          query: {},
          body: {},
        });
        const [signature] = answer.signatures;
        return HttpResponse.json({
          signatures: signature
            ? [
                {
                  ...signature,
                  verdict,
                  intact: verdict !== 'invalid',
                  coversWholeDocument: verdict !== 'modified',
                  addedAfter: verdict === 'modified' ? 'changes' : 'validationData',
                  ...(foreign
                    ? {
                        signerName: null,
                        organization: null,
                        nationalId: null,
                        certificate: { ...signature.certificate, issuedByTawqi: false },
                      }
                    : {}),
                },
              ]
            : [],
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, PDF);
    await waitFor(() =>
      expect(canvas.getByText(text(`public:verify.verdicts.${verdict}`))).toBeVisible(),
    );
    await expect(canvas.getByText(text(`public:verify.explanations.${verdict}`))).toBeVisible();
    await expect(
      canvas.getByText(
        text(
          `public:verify.addedAfterValues.${verdict === 'modified' ? 'changes' : 'validationData'}`,
        ),
      ),
    ).toBeVisible();
    if (foreign) {
      await expect(canvas.getByText(text('public:verify.unknownSigner'))).toBeVisible();
      await expect(canvas.queryByText('Sara Al-Qahtani')).toBeNull();
    } else await expect(canvas.getByText('Sara Al-Qahtani')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'lease-signed.pdf' })).toBeVisible();
  },
});
export const VerifiedValid = reportStory('valid');
export const VerifiedValidArabic = inArabic(VerifiedValid);
export const VerifiedValidDark = inDark(VerifiedValid);
export const VerifiedModified = reportStory('modified');
export const VerifiedModifiedArabic = inArabic(VerifiedModified);
export const VerifiedInvalid = reportStory('invalid');
export const VerifiedUntrustedArabic = inArabic(reportStory('untrusted'));
export const VerifiedForeignCertificate = reportStory('untrusted', true);
export const VerifiedForeignCertificateArabic = inArabic(VerifiedForeignCertificate);

const NAMED_ROUTE = '/verify?transaction=ES-2026000102';

/**
 * Opened from a stamp's QR code (issue 44): the signature it names — who, when, each signed file's
 * SHA-256 — and a chosen copy matched with it byte for byte, or `matching: false`, not.
 */
const namedStory = (matching: boolean): StoryObj<typeof Verify> => ({
  render: () => <Verify />,
  parameters: {
    portal: { route: NAMED_ROUTE },
    msw: [
      http.get(mockUrl(CONTRACT.verifyTransaction), async ({ params }) => {
        const answer = createMockAnswers(storyFixtures()).verifyTransaction({
          params: { transactionID: String(params.transactionID) },
          query: {},
          body: {},
        });
        const [first] = answer.documents;
        return HttpResponse.json({
          ...answer,
          documents:
            matching && first ? [{ ...first, sha256: await sha256Of(PDF) }] : answer.documents,
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 2,
        name: text('public:verify.transactionTitle', { id: 'ES-2026000102' }).replace(
          /<\/?id>/g,
          '',
        ),
      }),
    ).toBeVisible();
    await expect(
      canvas.getByText(storyLanguage() === 'ar' ? 'سارة القحطاني' : 'Sara Al-Qahtani'),
    ).toBeVisible();
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, PDF);
    const expected = matching
      ? text('public:verify.thisTransaction', {
          name: 'Lease agreement.pdf',
          id: 'ES-2026000102',
        })
      : text('public:verify.notThisTransaction', { id: 'ES-2026000102' });
    await waitFor(() =>
      expect(canvasElement).toHaveTextContent(expected.replace(/<\/?(name|id)>/g, '')),
    );
  },
});
export const VerifyNamedTransaction = namedStory(true);
export const VerifyNamedTransactionArabic = inArabic(VerifyNamedTransaction);
export const VerifyNamedTransactionDark = inDark(VerifyNamedTransaction);
export const VerifyNamedTransactionOtherFile = namedStory(false);
export const VerifyNamedTransactionOtherFileArabic = inArabic(VerifyNamedTransactionOtherFile);

/** A code naming no signature (a typo, or not Tawqi's): said plainly, the file check still there. */
export const VerifyUnknownTransaction: StoryObj<typeof Verify> = {
  render: () => <Verify />,
  parameters: {
    portal: { route: NAMED_ROUTE },
    msw: [
      http.get(mockUrl(CONTRACT.verifyTransaction), () =>
        HttpResponse.json(
          { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' },
          { status: 404 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('public:verify.transactionUnknown'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('public:verify.choose') })).toBeEnabled();
  },
};
export const VerifyUnknownTransactionArabic = inArabic(VerifyUnknownTransaction);

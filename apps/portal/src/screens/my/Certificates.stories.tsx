/**
 * My certificates (SPEC §2 `dsc/manage`): a paid request waiting for its key, one whose key was
 * made in another browser, an issued certificate with its facts, downloads and revocation; each
 * state in both languages. The key is made for real (WebCrypto) in the story's browser.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { MESSAGES } from '@tawqi/domain';
import { fixturesOf, mockStates, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  SESSION_WITH_ORGANIZATIONS,
  expectCountdown,
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  rateLimited,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Certificates from './Certificates.js';

const meta = {
  title: 'Portal/My/Certificates',
  component: Certificates,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/dsc/manage', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof Certificates>;
export default meta;
type Story = StoryObj<typeof meta>;

const requests = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: text('my:dsc.requests') });
const held = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: text('my:dsc.held.title') });

/** A request waiting for its key, and a valid certificate with SPEC §3's facts and its files. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const waiting = within(await requests(canvasElement));
    await expect(await waiting.findByText(text('my:dsc.request.keyLead'))).toBeVisible();
    await expect(
      waiting.getByRole('button', { name: text('my:dsc.request.makeKey') }),
    ).toBeVisible();
    const certificate = within(await held(canvasElement));
    await expect(
      await certificate.findByText('5EBDCD1520A4B2B77C8DE712C7BFDA58C1E3130D'),
    ).toBeVisible();
    await expect(await certificate.findByText(text('my:dsc.held.keyNotHere'))).toBeVisible();
    for (const label of ['downloadPem', 'downloadDer', 'downloadChain', 'revoke'])
      await expect(
        certificate.getByRole('button', { name: text(`my:dsc.held.${label}`) }),
      ).toBeVisible();
    // Without its private key in this browser there is no .p12 to make.
    await expect(
      certificate.queryByRole('button', { name: text('my:dsc.held.downloadPkcs12') }),
    ).toBeNull();
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** The key is made in the browser and its request sent; the page says so. */
export const MakeKey: Story = {
  play: async ({ canvasElement }) => {
    const waiting = within(await requests(canvasElement));
    await userEvent.click(
      await waiting.findByRole('button', { name: text('my:dsc.request.makeKey') }),
    );
    await expect(await screen.findByText(text('my:dsc.request.keySent'))).toBeVisible();
  },
};
export const MakeKeyArabic = inArabic(MakeKey);

/** A request confirmed elsewhere: its key is not in this browser; a new one can be made here. */
export const KeyInAnotherBrowser: Story = {
  parameters: {
    msw: [
      http.get(mockUrl(CONTRACT.myCertificateRequests), ({ request }) => {
        const f = fixturesOf(request);
        return HttpResponse.json({
          dataList: [
            {
              reference: 'DSC-mock000002',
              productName: f.say({
                en: 'Individual signing certificate, 2 years',
                ar: 'شهادة توقيع رقمي للأفراد، سنتان',
              }),
              validityMonths: 24,
              status: 'confirmationPending',
              statusLabel: f.term('confirmationPending'),
              createdDate: '2026-11-24T08:00:00.000Z',
              keyAlgorithm: 'ECDSA-P-256',
              certificateSerial: null,
              remarks: null,
              organizationName: null,
            },
          ],
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const waiting = within(await requests(canvasElement));
    await expect(await waiting.findByText(text('my:dsc.request.keyElsewhere'))).toBeVisible();
    await userEvent.click(waiting.getByRole('button', { name: text('my:dsc.request.newKey') }));
    await expect(
      waiting.getByRole('button', { name: text('my:dsc.request.makeKey') }),
    ).toBeVisible();
  },
};
export const KeyInAnotherBrowserArabic = inArabic(KeyInAnotherBrowser);

/** Revoking asks why, then for a confirmation in the identity app (its number shown). */
export const Revoke: Story = {
  play: async ({ canvasElement }) => {
    const certificate = within(await held(canvasElement));
    await userEvent.click(
      await certificate.findByRole('button', { name: text('my:dsc.held.revoke') }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: text('my:dsc.revoke.title') }));
    // No confirmation before a reason.
    await expect(dialog.queryByRole('button', { name: text('my:dsc.revoke.confirm') })).toBeNull();
    await userEvent.click(
      dialog.getByRole('button', { name: new RegExp(text('my:dsc.revoke.reason')) }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: text('my:dsc.reasons.superseded') }),
    );
    await userEvent.click(dialog.getByRole('button', { name: text('my:dsc.revoke.confirm') }));
    await expect(await dialog.findByText(text('login:nafath.pick'))).toBeVisible();
  },
};
export const RevokeArabic = inArabic(Revoke);

/**
 * Revoking a few times within minutes: the identity app is not asked again for now, and the
 * dialog says so, with the wait counting down — never "something went wrong".
 */
export const RevokeTooSoon: Story = {
  parameters: { msw: [rateLimited('revokeCertificateInitiate', 180)] },
  play: async ({ canvasElement }) => {
    const certificate = within(await held(canvasElement));
    await userEvent.click(
      await certificate.findByRole('button', { name: text('my:dsc.held.revoke') }),
    );
    const dialog = await screen.findByRole('dialog', { name: text('my:dsc.revoke.title') });
    const inDialog = within(dialog);
    await userEvent.click(
      inDialog.getByRole('button', { name: new RegExp(text('my:dsc.revoke.reason')) }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: text('my:dsc.reasons.superseded') }),
    );
    await userEvent.click(inDialog.getByRole('button', { name: text('my:dsc.revoke.confirm') }));
    await expect(
      await inDialog.findByText(storyLanguage() === 'ar' ? 'محاولات كثيرة.' : 'Too many attempts.'),
    ).toBeVisible();
    await expectCountdown(dialog, 180);
    await expect(
      inDialog.queryByText(MESSAGES['errors.somethingWentWrong'][storyLanguage()]),
    ).toBeNull();
  },
};
export const RevokeTooSoonArabic = inArabic(RevokeTooSoon);

/** A member of organizations can ask for a certificate bound to each. */
export const ForMyOrganization: Story = {
  parameters: { portal: { route: '/app/my/dsc/manage', session: SESSION_WITH_ORGANIZATIONS } },
  play: async ({ canvasElement }) => {
    const section = within(
      await within(canvasElement).findByRole('region', {
        name: text('my:dsc.organizations.title'),
      }),
    );
    const [ask] = section.getAllByRole('button');
    if (!ask) throw new Error('the session has organizations');
    await expect(ask).toHaveTextContent(
      new RegExp(text('my:dsc.organizations.ask', { organization: '' })),
    );
    await userEvent.click(ask);
    await expect(ask).toBeEnabled();
  },
};
export const ForMyOrganizationArabic = inArabic(ForMyOrganization);

/** Nothing bought yet: where to buy. */
export const Empty: Story = {
  parameters: {
    msw: [mockStates.empty('myCertificateRequests'), mockStates.empty('myCertificates')],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:dsc.held.empty'))).toBeVisible();
    await expect(canvas.queryByRole('region', { name: text('my:dsc.requests') })).toBeNull();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Loading: Story = loadingStory('myCertificates');
export const LoadingArabic = inArabic(Loading);

export const Failed: Story = failedOnceStory('myCertificateRequests', 'myCertificates');
export const FailedArabic = inArabic(failedOnceStory('myCertificateRequests', 'myCertificates'));

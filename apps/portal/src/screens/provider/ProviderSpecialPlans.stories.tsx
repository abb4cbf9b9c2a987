/**
 * The special plans asked of an L1 provider, in its provider area (issue 36): its staff price a
 * waiting request — a decision that takes effect, and one above the four-eyes amount that waits
 * for a second staff member; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_PROVIDER_STAFF,
  inArabic,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import { requestIn } from '../org/purchases.mocks.js';
import ProviderSpecialPlans from './ProviderSpecialPlans.js';

const meta = {
  title: 'Portal/Provider/SpecialPlans',
  component: ProviderSpecialPlans,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/provider/purchase/special/plan', session: SESSION_PROVIDER_STAFF },
  },
} satisfies Meta<typeof ProviderSpecialPlans>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list the story's staff member decides from. */
const waitingRequest = http.post(mockUrl(CONTRACT.providerSpecialPlans), ({ request }) =>
  HttpResponse.json({
    dataList: [
      {
        ...requestIn(request),
        price: 0,
        vat: 0,
        totalPrice: 0,
        status: 'pendingForApproval',
        organizationName: fixturesOf(request).say({
          en: 'Riyadh Trading Company',
          ar: 'شركة الرياض للتجارة',
        }),
        // What the organization wrote, as it wrote it.
        justification: fixturesOf(request).say({
          en: 'A national campaign needs more signatures this quarter.',
          ar: 'تحتاج حملة وطنية إلى توقيعات أكثر هذا الربع.',
        }),
        requestedType: 'esign',
      },
    ],
    totalCount: 1,
  }),
);

const decided: unknown[] = [];

/** A waiting request is priced; the decision goes to the server and takes effect. */
export const Decide: Story = {
  parameters: {
    msw: [
      waitingRequest,
      http.post(mockUrl(CONTRACT.decideSpecialPlan), async ({ request: sent }) => {
        decided.push(await sent.json());
        return HttpResponse.json({ status: '1', errorMessage: null, awaitingSecondStaff: false });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    decided.length = 0;
    await openFirstRow(canvasElement, text('org:special.title'));
    const canvas = within(canvasElement);
    // Approving without a price says what is missing, and sends nothing.
    await userEvent.click(
      await canvas.findByRole('button', { name: text('org:special.decide.approve') }),
    );
    await expect(await canvas.findByText(text('org:special.decide.priceNeeded'))).toBeVisible();
    await expect(decided).toHaveLength(0);
    const price = canvas.getByRole('textbox', { name: text('org:special.decide.price') });
    await userEvent.type(price, '2');
    await userEvent.tab();
    await userEvent.click(canvas.getByRole('button', { name: text('org:special.decide.approve') }));
    await waitFor(() =>
      expect(decided).toEqual([
        { l1SipId: 408, requestSlNo: 42, approve: true, unitPrice: 2, validityMonths: 12 },
      ]),
    );
    await expect(
      await within(document.body).findByText(text('org:special.decide.approved')),
    ).toBeVisible();
  },
};
export const DecideArabic: Story = inArabic(Decide);

/** Above the four-eyes amount: the price is recorded for a second staff member to confirm. */
export const AwaitingSecondStaff: Story = {
  parameters: {
    msw: [
      waitingRequest,
      http.post(mockUrl(CONTRACT.decideSpecialPlan), () =>
        HttpResponse.json({ status: '1', errorMessage: null, awaitingSecondStaff: true }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await openFirstRow(canvasElement, text('org:special.title'));
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: text('org:special.decide.price') }),
      '2',
    );
    await userEvent.tab();
    await userEvent.click(canvas.getByRole('button', { name: text('org:special.decide.approve') }));
    await expect(
      await within(document.body).findByText(text('org:providers.fourEyes.proposed')),
    ).toBeVisible();
  },
};
export const AwaitingSecondStaffArabic: Story = inArabic(AwaitingSecondStaff);

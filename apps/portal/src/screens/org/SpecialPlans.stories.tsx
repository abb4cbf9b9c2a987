/**
 * Special plans (SPEC §2 `purchase/special/plan`): the organization's requests as the declared
 * grid's stories (stories/gridStories.tsx), a priced request with its pay button, and the L1
 * admin's tab where a waiting request is priced; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { specialPlansGrid } from '@tawqi/api/grids';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
} from '../../stories/portal.js';
import SpecialPlans from './SpecialPlans.js';

const portal = { route: '/app/org/purchase/special/plan', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/SpecialPlans',
  component: SpecialPlans,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { layout: 'padded', portal },
} satisfies Meta<typeof SpecialPlans>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(specialPlansGrid, {
  label: 'org:special.tabs.ours',
  empty: 'org:special.empty',
  portal,
});

/** A special plan request as the server words it in the request's language. */
const requestIn = (sent: Request) => {
  const { term, say } = fixturesOf(sent);
  return {
    transactionNo: 'SP-000042',
    requestDate: '2026-11-20T09:00:00.000Z',
    paymentMode: term('online'),
    paymentType: term('card'),
    productsInQuantity: 25_000,
    productKeyRequestSlNo: 42,
    price: 50_000,
    vat: 7_500,
    totalPrice: 57_500,
    planName: say({ en: 'eSign counters: 25,000', ar: 'رصيد العمليات: ٢٥٬٠٠٠' }),
    planType: term('Special plan'),
    errorMessage: null,
    errorCode: null,
    responseStatus: null,
  };
};

export const Data: Story = stories.Data;
export const DataArabic: Story = stories.DataArabic;
export const DataDark: Story = stories.DataDark;
export const DataArabicDark: Story = stories.DataArabicDark;
export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;

/** A priced request opens to its amounts and a button that pays it. */
export const Priced: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.specialPlans), ({ request }) =>
        HttpResponse.json({
          dataList: [{ ...requestIn(request), status: 'approved' }],
          totalCount: 1,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await openFirstRow(canvasElement, text('org:special.tabs.ours'));
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('org:special.pay', { id: 'SP-000042' }) }),
    ).toBeVisible();
  },
};
export const PricedArabic: Story = inArabic(Priced);

const decided: unknown[] = [];

/** The L1 admin's tab: a waiting request is priced; the decision goes to the server. */
export const Decide: Story = {
  parameters: {
    portal: { ...portal, route: `${portal.route}?tab=decide` },
    msw: [
      http.post(mockUrl(CONTRACT.providerSpecialPlans), ({ request }) =>
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
      ),
      http.post(mockUrl(CONTRACT.decideSpecialPlan), async ({ request: sent }) => {
        decided.push(await sent.json());
        return HttpResponse.json({ status: '1', errorMessage: null });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    decided.length = 0;
    await openFirstRow(canvasElement, text('org:special.tabs.decide'));
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
  },
};
export const DecideArabic: Story = inArabic(Decide);

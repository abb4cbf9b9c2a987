/**
 * Certificate approvals (SPEC §2 `approval/dsc`): the declared grid's stories, a request opened
 * and decided (rejecting asks for remarks), and the admin's own request, which another decides;
 * network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { certificateApprovalsGrid } from '@tawqi/api/grids';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import CertificateApprovals from './CertificateApprovals.js';

const portal = { route: '/app/org/approval/dsc', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/CertificateApprovals',
  component: CertificateApprovals,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof CertificateApprovals>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(certificateApprovalsGrid, {
  label: 'org:dscApprovals.title',
  empty: 'org:dscApprovals.empty',
  search: 'Sara',
  portal,
});

/** A page of requests; the first, open, can be approved or rejected — rejecting asks why. */
export const Data: Story = {
  play: async (context) => {
    await stories.Data.play(context);
    const grid = await openFirstRow(context.canvasElement, text('org:dscApprovals.title'));
    await expect(
      await within(grid).findByRole('button', { name: new RegExp(text('org:approvals.approve')) }),
    ).toBeEnabled();
    await userEvent.click(
      within(grid).getByRole('button', { name: new RegExp(text('org:approvals.reject')) }),
    );
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('org:approvals.reject') }),
    );
    await expect(
      await within(dialog).findByText(text('org:approvals.remarksRequired')),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: text('org:approvals.keep') }));
    // This page is the current one of the approvals.
    await expect(
      within(context.canvasElement).getByRole('link', { name: text('org:dscApprovals.title') }),
    ).toHaveAttribute('aria-current', 'page');
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** Approving says so, and the list is read again. */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const grid = await openFirstRow(canvasElement, text('org:dscApprovals.title'));
    await userEvent.click(
      await within(grid).findByRole('button', { name: new RegExp(text('org:approvals.approve')) }),
    );
    await expect(
      await within(document.body).findByText(text('org:dscApprovals.approved')),
    ).toBeVisible();
  },
};
export const ApproveArabic = inArabic(Approve);

/** The admin asked for this one: no buttons, and the reason why. */
export const OwnRequest: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.certificateApprovals), async ({ request }) => {
        const body = (await request.json()) as { pageNumber: number };
        return HttpResponse.json({
          dataList:
            body.pageNumber === 1
              ? [
                  {
                    reference: 'DSC-mock000020',
                    userSlno: 2001,
                    fullNameEnglish: 'Sara Al-Qahtani',
                    fullNameArabic: 'سارة القحطاني',
                    productName: request.headers.get('accept-language')?.startsWith('ar')
                      ? 'شهادة توقيع رقمي لمفوض المنشأة، سنة واحدة'
                      : 'Organization signatory certificate, 1 year',
                    keyAlgorithm: 'ECDSA-P-256',
                    status: 'approvalPending',
                    createdDate: '2026-11-24T08:00:00.000Z',
                    decidedDate: null,
                    remarks: null,
                    createdByYou: true,
                  },
                ]
              : [],
          totalCount: 1,
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const grid = await openFirstRow(canvasElement, text('org:dscApprovals.title'));
    await expect(await within(grid).findByText(text('org:approvals.ownRequest'))).toBeVisible();
    await expect(
      within(grid).queryByRole('button', { name: new RegExp(text('org:approvals.approve')) }),
    ).toBeNull();
  },
};
export const OwnRequestArabic = inArabic(OwnRequest);

export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;

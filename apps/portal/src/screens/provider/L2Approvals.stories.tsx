/**
 * L2 provider requests (SPEC §2 `approval/ltwo`): the declared grid's stories
 * (stories/gridStories.tsx); a pending application read — its organization, admins and
 * documents — and approved, or refused with remarks that are required; and an organization view
 * whose errorMessage is raised as the error (SPEC §8). Network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { l2RequestsGrid } from '@tawqi/api/grids';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_PROVIDER_STAFF,
  inArabic,
  openFirstRow,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import L2Approvals from './L2Approvals.js';

const portal = { route: '/app/provider/approval/ltwo', session: SESSION_PROVIDER_STAFF };

const meta = {
  title: 'Portal/Provider/L2Approvals',
  component: L2Approvals,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof L2Approvals>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(l2RequestsGrid, {
  label: 'org:providers.approvals.title',
  empty: 'org:providers.approvals.empty',
  portal,
});

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

/** The applicant's and its people's names, as the server answers them in each language. */
const NAMES = {
  en: { org: 'Taif Signing House', admin: 'Nawaf Al-Harthi' },
  ar: { org: 'دار الطائف للتوقيع', admin: 'نواف الحارثي' },
} as const;
const namesOf = (request: Request) => NAMES[fixturesOf(request).language];

const pendingIn = (request: Request) => ({
  requestId: 601,
  kind: 'l2Provider',
  kindLabel: fixturesOf(request).term('l2Provider'),
  l2sipId: 'L2-503',
  l2OrgId: 350,
  sipName: namesOf(request).org,
  crNumber: '4030000350',
  orgName: namesOf(request).org,
  emailId: 'nawaf@taifsigning.sa',
  phoneNumber: '0120000350',
  status: 'Pending',
  statusLabel: fixturesOf(request).term('Pending'),
  processedBy: null,
  processedDate: null,
  // The server words where a request came from with the terms catalogue.
  originator: fixturesOf(request).term('L2 portal'),
  remarks: null,
});

const decided: unknown[] = [];
const pendingOnly = [
  http.post(mockUrl(CONTRACT.l2RequestsGrid), ({ request }) =>
    HttpResponse.json({ dataList: [pendingIn(request)], totalCount: 1 }),
  ),
  http.post(mockUrl(CONTRACT.l2RequestView), ({ request }) =>
    HttpResponse.json({
      ...pendingIn(request),
      organization: {
        organizationName: namesOf(request).org,
        sipId: 'L2-503',
        dbaName: 'Taif Signing House',
        dbaNameArabic: 'دار الطائف للتوقيع',
        crNumber: '4030000350',
        unifiedOrgNo: '7001300350',
        email: 'nawaf@taifsigning.sa',
        validTill: '2028-11-20',
        telephoneNumber: '0120000350',
        address: fixturesOf(request).say({ en: 'Prince Sultan Road', ar: 'طريق الأمير سلطان' }),
        country: fixturesOf(request).say({ en: 'Saudi Arabia', ar: 'المملكة العربية السعودية' }),
        state: fixturesOf(request).say({ en: 'Makkah Region', ar: 'منطقة مكة المكرمة' }),
        city: fixturesOf(request).say({ en: 'Taif', ar: 'الطائف' }),
        postalCode: '23431',
        digitalStamp: null,
        digitalSealStatus: fixturesOf(request).say({ en: 'Not requested', ar: 'لم يُطلب' }),
        remarks: null,
      },
      sponsors: [],
      technicalContacts: [],
      admins: [
        {
          fullName: namesOf(request).admin,
          email: 'nawaf@taifsigning.sa',
          mobileNumber: '0551110022',
          employeeID: 'EMP-350-001',
          loginType: 'Nafath',
          isActive: false,
          designation: fixturesOf(request).say({ en: 'General manager', ar: 'المدير العام' }),
        },
      ],
      documents: [
        {
          id: 1,
          category: 'commercialRegistration',
          name: 'commercial registration.pdf',
          status: fixturesOf(request).say({ en: 'Submitted', ar: 'مُرسل' }),
          type: 'pdf',
          uniqueFileId: 'AbCdEfGhIjKlMnOpQrStUv',
          size: 812,
        },
      ],
    }),
  ),
  http.post(mockUrl(CONTRACT.processL2Request), async ({ request }) => {
    decided.push(await request.json());
    return HttpResponse.json({ status: '1', errorMessage: null });
  }),
];

/** A pending application: its organization and documents are read, then it is approved. */
export const Approve: Story = {
  parameters: { msw: pendingOnly },
  play: async ({ canvasElement }) => {
    decided.length = 0;
    await openFirstRow(canvasElement, text('org:providers.approvals.title'));
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(text('org:providers.approvals.unifiedNumber')),
    ).toBeVisible();
    await expect(canvas.getByRole('list', { name: text('org:documents.title') })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: text('org:approvals.approveNamed', { name: NAMES[storyLanguage()].org }),
      }),
    );
    await waitFor(() =>
      expect(decided).toEqual([{ l1SipId: 408, requestId: 601, action: 'approve' }]),
    );
  },
};
export const ApproveArabic: Story = inArabic(Approve);

const REMARKS = {
  en: 'The CR copy is not legible.',
  ar: 'نسخة السجل التجاري غير مقروءة.',
};

/** Refusing needs remarks the applicants read; with them, it is sent. */
export const Refuse: Story = {
  parameters: { msw: pendingOnly },
  play: async ({ canvasElement }) => {
    decided.length = 0;
    await openFirstRow(canvasElement, text('org:providers.approvals.title'));
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: text('org:approvals.rejectNamed', { name: NAMES[storyLanguage()].org }),
      }),
    );
    const dialog = await page.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('org:approvals.reject') }),
    );
    await expect(
      await within(dialog).findByText(text('org:approvals.remarksRequired')),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox'), REMARKS[storyLanguage()]);
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('org:approvals.reject') }),
    );
    await waitFor(() =>
      expect(decided).toEqual([
        { l1SipId: 408, requestId: 601, action: 'reject', remarks: REMARKS[storyLanguage()] },
      ]),
    );
  },
};
export const RefuseArabic: Story = inArabic(Refuse);

const NOT_FOUND = {
  en: 'Organization not found for this request.',
  ar: 'لم يُعثر على منشأة لهذا الطلب.',
};

/** SPEC §8: an organization view whose answer carries an errorMessage shows it as the error. */
export const OrganizationError: Story = {
  parameters: {
    msw: [
      ...pendingOnly,
      http.post(mockUrl(CONTRACT.l2OrganizationView), ({ request }) =>
        HttpResponse.json({
          errorMessage: fixturesOf(request).say(NOT_FOUND),
          organization: null,
          sponsors: [],
          technicalContacts: [],
          admins: [],
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await openFirstRow(canvasElement, text('org:providers.approvals.title'));
    await expect(await within(canvasElement).findByText(NOT_FOUND[storyLanguage()])).toBeVisible();
  },
};
export const OrganizationErrorArabic: Story = inArabic(OrganizationError);

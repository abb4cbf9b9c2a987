/**
 * The portal's layouts at a route of each (SPEC §2) — public, pre-enrolment, the individual,
 * organization and provider areas of the app layout — and the not-found page, each in English and Arabic,
 * light and dark, with the network mocked. The app layout's header: notifications and the KYC
 * renewal through the identity app.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatDigits, formatNumber } from '@tawqi/domain';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Routes } from '../routes.js';
import {
  SESSION_CUSTOMER_ADMIN,
  SESSION_INDIVIDUAL,
  SESSION_PROVIDER_STAFF,
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  portalLoader,
  storyLanguage,
  text,
  uiText,
  userName,
  withPortal,
  SCREEN_CHECKS,
} from '../stories/portal.js';

const meta = {
  title: 'Portal/Layouts',
  component: Routes,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'fullscreen', portal: { ownLandmarks: true } },
} satisfies Meta<typeof Routes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the lazily loaded screen: its one level-1 heading. */
async function screenHeading(canvasElement: HTMLElement, name: string) {
  // The first story of a cold run waits for the screen's chunk to be compiled.
  return within(canvasElement).findByRole('heading', { level: 1, name }, { timeout: 25_000 });
}

export const Public: Story = {
  parameters: { portal: { route: '/features' } },
  play: async ({ canvasElement }) => {
    await screenHeading(canvasElement, text('public:pages.features.title'));
    const navigation = within(canvasElement).getByRole('navigation', {
      name: text('header:nav.label'),
    });
    await expect(
      within(navigation).getByRole('link', { name: text('header:nav.features') }),
    ).toHaveAttribute('aria-current', 'page');
  },
};
export const PublicArabic = inArabic(Public);
export const PublicDark = inDark(Public);
export const PublicArabicDark = inDark(inArabic(Public));

/** A task begun elsewhere (a signer approving an application's request): no sign-in to step into. */
export const PublicTask: Story = {
  parameters: { portal: { route: '/esign/approve' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('public:approve.unknown'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: text('header:brand') })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: text('header:signIn') })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: text('header:nav.label') })).toBeNull();
  },
};
export const PublicTaskArabic = inArabic(PublicTask);

export const PreEnrolment: Story = {
  parameters: { portal: { route: '/create-account' } },
  play: async ({ canvasElement }) => {
    await screenHeading(canvasElement, text('enrol:title'));
    await expect(
      within(canvasElement).getByRole('link', { name: text('header:brand') }),
    ).toBeVisible();
  },
};
export const PreEnrolmentArabic = inArabic(PreEnrolment);
export const PreEnrolmentDark = inDark(PreEnrolment);
export const PreEnrolmentArabicDark = inDark(inArabic(PreEnrolment));

export const IndividualArea: Story = {
  parameters: { portal: { route: '/app/my/account', session: SESSION_INDIVIDUAL } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('my:account.title'));
    // No organizations: no switcher and no organization navigation.
    await expect(
      canvas.queryByRole('button', { name: text('app:organization.switch') }),
    ).toBeNull();
    await expect(canvas.getByRole('link', { name: text('app:nav.account') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const name = userName(globals, SESSION_INDIVIDUAL);
    await expect(canvas.getByRole('button', { name })).toBeVisible();
  },
};
export const IndividualAreaArabic = inArabic(IndividualArea);
export const IndividualAreaDark = inDark(IndividualArea);
export const IndividualAreaArabicDark = inDark(inArabic(IndividualArea));

export const OrganizationArea: Story = {
  parameters: { portal: { route: '/app/org/dashboard', session: SESSION_WITH_ORGANIZATIONS } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('org:dashboard.title'));
    const active = SESSION_WITH_ORGANIZATIONS.organizationList[0];
    const switcher = canvas.getByRole('button', {
      name: new RegExp(text('app:organization.switch')),
    });
    await expect(switcher).toHaveTextContent(
      (globals.language === 'ar' ? active?.organizationNameArabic : active?.organizationName) ?? '',
    );
    await expect(canvas.getByRole('link', { name: text('app:nav.orgDashboard') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
export const OrganizationAreaArabic = inArabic(OrganizationArea);

/** A page under a section (the role report, under "Reports") marks its section's link, only it. */
export const OrganizationSubpage: Story = {
  parameters: { portal: { route: '/app/org/reports/roles', session: SESSION_WITH_ORGANIZATIONS } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('org:reports.roles.title'));
    const [navigation] = canvas.getAllByRole('navigation', { name: uiText('navigation') });
    if (!navigation) throw new Error('no navigation');
    await expect(
      within(navigation).getByRole('link', { name: text('app:nav.reports') }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(
      within(navigation)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  },
};
export const OrganizationSubpageArabic = inArabic(OrganizationSubpage);
export const OrganizationAreaDark = inDark(OrganizationArea);
export const OrganizationAreaArabicDark = inDark(inArabic(OrganizationArea));

/** An organization user of the active organization: the navigation shows only what the role allows. */
const SESSION_ORGANIZATION_USER: typeof SESSION_WITH_ORGANIZATIONS = (() => {
  const [first, ...rest] = SESSION_WITH_ORGANIZATIONS.organizationList;
  if (!first) throw new Error('the fixture session has organizations');
  const user = { ...first, roles: ['organizationUser' as const], sipLevel: null };
  return {
    ...SESSION_WITH_ORGANIZATIONS,
    organizationList: [user, ...rest],
    selectedOrganization: user,
  };
})();

/** A page the role does not allow: "you don't have access to this", and no link to it. */
export const OrganizationNoAccess: Story = {
  parameters: { portal: { route: '/app/org/manage/users', session: SESSION_ORGANIZATION_USER } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('index:noAccess.title'));
    await expect(canvas.getByRole('link', { name: text('app:nav.orgProfile') })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: text('app:nav.manageUsers') })).toBeNull();
    await expect(canvas.queryByRole('link', { name: text('app:nav.reports') })).toBeNull();
  },
};
export const OrganizationNoAccessArabic = inArabic(OrganizationNoAccess);
export const OrganizationNoAccessDark = inDark(OrganizationNoAccess);

/**
 * The provider area (issue 36), for its staff: the provider's home, its links by the staff
 * member's roles, and the switcher showing the provider.
 */
export const ProviderArea: Story = {
  parameters: { portal: { route: '/app/provider', session: SESSION_PROVIDER_STAFF } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const provider = SESSION_PROVIDER_STAFF.providerList[0];
    const name =
      (globals.language === 'ar' ? provider?.providerNameArabic : provider?.providerName) ?? '';
    await screenHeading(canvasElement, name);
    await expect(
      canvas.getByRole('button', { name: new RegExp(text('app:organization.switch')) }),
    ).toHaveTextContent(text('app:organization.provider', { name }));
    const [navigation] = canvas.getAllByRole('navigation', { name: uiText('navigation') });
    if (!navigation) throw new Error('no navigation');
    await expect(
      within(navigation).getByRole('link', { name: text('app:nav.providerHome') }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(
      within(navigation).getByRole('link', { name: text('app:nav.applications') }),
    ).toBeVisible();
  },
};
export const ProviderAreaArabic = inArabic(ProviderArea);
export const ProviderAreaDark = inDark(ProviderArea);

/**
 * A customer's admin at a provider's page (issue 36): the provider's pages are its staff's, so
 * no access, no provider link, and the spec's old address leads here too.
 */
export const ProviderNoAccess: Story = {
  parameters: { portal: { route: '/app/org/approval/ltwo', session: SESSION_CUSTOMER_ADMIN } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('index:noAccess.title'));
    await expect(canvas.getByText(text('index:noAccess.notStaff'))).toBeVisible();
    await expect(canvas.queryByRole('link', { name: text('app:nav.applications') })).toBeNull();
    await expect(canvas.queryByRole('link', { name: text('app:nav.providerHome') })).toBeNull();
  },
};
export const ProviderNoAccessArabic = inArabic(ProviderNoAccess);

/** The mock has two unread notifications: opening the panel shows them and marks them read. */
export const NotificationsOpen: Story = {
  parameters: { portal: { route: '/app/my/dashboard', session: SESSION_INDIVIDUAL } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('dashboard:title'));
    const language = globals.language === 'ar' ? 'ar' : 'en';
    const trigger = await canvas.findByRole('button', {
      name: `${text('app:nav.notifications')} ${formatNumber(2, language)} ${text('app:notifications.unread')}`,
    });
    await userEvent.click(trigger);
    const panel = await screen.findByRole('dialog', { name: text('app:nav.notifications') });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(4));
    await expect(within(panel).getAllByText(text('app:notifications.new'))).toHaveLength(2);
    // Marked read: the count is gone from the button.
    await waitFor(() => expect(trigger).toHaveAccessibleName(text('app:nav.notifications')));
  },
};
export const NotificationsOpenArabic = inArabic(NotificationsOpen);
export const NotificationsOpenDark = inDark(NotificationsOpen);

/** KYC renewal from the user menu: the number to pick, then (the mock approves) the new date. */
export const KycRenewal: Story = {
  parameters: { portal: { route: '/app/my/dashboard', session: SESSION_INDIVIDUAL } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await screenHeading(canvasElement, text('dashboard:title'));
    const name = userName(globals, SESSION_INDIVIDUAL);
    await userEvent.click(canvas.getByRole('button', { name }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text('app:kyc.menu') }));
    const dialog = await screen.findByRole('dialog', { name: text('app:kyc.title') });
    await userEvent.click(within(dialog).getByRole('button', { name: text('app:kyc.start') }));
    await expect(
      await within(dialog).findByLabelText(
        text('login:nafath.numberLabel', { number: formatDigits('17', storyLanguage()) }),
      ),
    ).toBeVisible();
    await expect(await screen.findByRole('alertdialog', {}, { timeout: 5000 })).toHaveTextContent(
      text('app:kyc.renewed'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: text('app:kyc.title') })).toBeNull(),
    );
  },
};
export const KycRenewalArabic = inArabic(KycRenewal);
export const KycRenewalDark = inDark(KycRenewal);

export const NotFound: Story = {
  parameters: { portal: { route: '/no/such/page' } },
  play: async ({ canvasElement }) => {
    await screenHeading(canvasElement, text('index:notFound.title'));
    await expect(
      within(canvasElement).getByRole('link', { name: text('index:notFound.home') }),
    ).toHaveAttribute('href', '/');
  },
};
export const NotFoundArabic = inArabic(NotFound);
export const NotFoundDark = inDark(NotFound);
export const NotFoundArabicDark = inDark(inArabic(NotFound));

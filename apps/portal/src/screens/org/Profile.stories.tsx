/**
 * The organization profile (SPEC §2 account / orgProfile, SPEC §3): its six tabs with data, the
 * tab in the URL, and each tab's loading, empty and failed states, in English and Arabic, light
 * and dark; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationUnitsGrid } from '@tawqi/api/grids';
import { gridStories } from '../../stories/gridStories.js';
import { CONTRACT } from '@tawqi/api';
import { mockStates, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  expectDataRows,
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Profile from './Profile.js';

const meta = {
  title: 'Portal/Org/Profile',
  component: Profile,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/org/orgProfile', session: SESSION_WITH_ORGANIZATIONS },
  },
} satisfies Meta<typeof Profile>;
export default meta;
type Story = StoryObj<typeof meta>;

const at = (tab: string) => ({
  portal: { route: `/app/org/orgProfile?tab=${tab}`, session: SESSION_WITH_ORGANIZATIONS },
});

/** The units tab is the declared units grid: its headers, status words and rows (gridStories). */
const unitsGrid = gridStories(organizationUnitsGrid, {
  label: 'org:profile.tabs.units',
  empty: 'org:profile.units.empty',
  portal: at('units').portal,
});

export const Units: Story = {
  // Compared with its screenshot in each language and theme (apps/storybook/visual.setup.ts).
  tags: ['visual'],
  play: async (context) => {
    const { canvasElement } = context;
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('org:profile.title') }),
    ).toBeVisible();
    await expect(canvas.getByRole('tab', { name: text('org:profile.tabs.units') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await unitsGrid.Data.play(context);
    // Another tab is one press away, and lands in the URL.
    await userEvent.click(canvas.getByRole('tab', { name: text('org:profile.tabs.admins') }));
    await expectDataRows(
      await canvas.findByRole('grid', { name: text('org:profile.tabs.admins') }),
      3,
    );
  },
};
export const UnitsArabic = inArabic(Units);
export const UnitsDark = inDark(Units);
export const UnitsArabicDark = inDark(inArabic(Units));

export const Details: Story = {
  parameters: at('details'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('org:profile.details.crNumber'))).toBeVisible();
    await expect(canvas.getByText(text('org:profile.details.digitalSealStatus'))).toBeVisible();
  },
};
export const DetailsArabic = inArabic(Details);
export const DetailsDark = inDark(Details);

export const Certificate: Story = {
  parameters: at('certificate'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:profile.certificate.serial')),
    ).toBeVisible();
  },
};
export const CertificateArabic = inArabic(Certificate);

/** No certificate issued to the organization yet: said plainly. */
export const CertificateNone: Story = {
  parameters: {
    ...at('certificate'),
    msw: [http.get(mockUrl(CONTRACT.organizationCertificate), () => HttpResponse.json(null))],
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:profile.certificate.none')),
    ).toBeVisible();
  },
};
export const CertificateNoneArabic = inArabic(CertificateNone);

export const Sponsors: Story = {
  parameters: at('sponsors'),
  play: async ({ canvasElement }) => {
    await expectDataRows(
      await within(canvasElement).findByRole('grid', { name: text('org:profile.tabs.sponsors') }),
      2,
    );
  },
};
export const SponsorsArabic = inArabic(Sponsors);

export const Contacts: Story = {
  parameters: at('contacts'),
  play: async ({ canvasElement }) => {
    await expectDataRows(
      await within(canvasElement).findByRole('grid', { name: text('org:profile.tabs.contacts') }),
      2,
    );
  },
};
export const ContactsArabic = inArabic(Contacts);

export const Loading: Story = loadingStory('organizationUnits', 'sponsorTpocInfo');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('organizationUnits')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:profile.units.empty')),
    ).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const EmptyAdmins: Story = {
  parameters: { ...at('admins'), msw: [mockStates.empty('organizationAdmins')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:profile.people.emptyAdmins')),
    ).toBeVisible();
  },
};

export const Failed: Story = failedOnceStory('organizationUnits');
export const FailedArabic: Story = inArabic(failedOnceStory('organizationUnits'));
const failedDetails = failedOnceStory('organizationProfileView');
export const FailedDetails: Story = {
  ...failedDetails,
  parameters: { ...at('details'), ...failedDetails.parameters },
};

/** A small logo (a green band, 96 × 40), as the server would give it back. */
const LOGO_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAoCAIAAACO8WhuAAAATklEQVR42u3QMQ0AAAgDsP2IQwj+fxzwkzSpgqamOUSBIEGCBAkSJEgQggQJEiRIkCBBCBIkSJAgQYIEIUiQIEGCBAkSJAhBggQJEvTNAtMPi6Y15CoDAAAAAElFTkSuQmCC';
const LOGO = Uint8Array.from(atob(LOGO_BASE64), (character) => character.charCodeAt(0));
const logoServed = http.get(mockUrl(CONTRACT.organizationLogo), () =>
  HttpResponse.json({ logo: { mediaType: 'image/png', content: LOGO_BASE64 } }),
);
const noLogo = http.get(mockUrl(CONTRACT.organizationLogo), () =>
  HttpResponse.json({ logo: null }),
);

/**
 * The logo on signatures (issue 44): shown as the stamp shows it, for an Enrolment Admin with a
 * way to replace or remove it.
 */
export const Logo: Story = {
  parameters: { ...at('logo'), msw: [logoServed] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = await canvas.findByRole('img', {
      name: text('org:profile.logo.alt', {
        name:
          (storyLanguage() === 'ar'
            ? SESSION_WITH_ORGANIZATIONS.organizationList[0]?.organizationNameArabic
            : SESSION_WITH_ORGANIZATIONS.organizationList[0]?.organizationName) ?? '',
      }),
    });
    await expect((image as HTMLImageElement).src).toMatch(/^data:image\/png;base64,/);
    await expect(
      canvas.getByRole('button', { name: text('org:profile.logo.replace') }),
    ).toBeEnabled();
    await expect(
      canvas.getByRole('button', { name: text('org:profile.logo.remove') }),
    ).toBeEnabled();
  },
};
export const LogoArabic = inArabic(Logo);
export const LogoDark = inDark(Logo);

const uploads: string[] = [];

/** None yet: the service's mark stands in; an upload sends the image as it is, and is said done. */
export const LogoNoneUploading: Story = {
  parameters: {
    ...at('logo'),
    msw: [
      noLogo,
      http.post(mockUrl(CONTRACT.uploadOrganizationLogo), async ({ request }) => {
        uploads.push(request.headers.get('content-type') ?? '');
        await request.arrayBuffer();
        return HttpResponse.json({ width: 96, height: 40 });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    uploads.length = 0;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('org:profile.logo.none'))).toBeVisible();
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File([LOGO], 'logo.png', { type: 'image/png' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText(text('org:profile.logo.uploaded')),
    ).toBeVisible();
    await expect(uploads).toEqual(['image/png']);
  },
};
export const LogoNoneUploadingArabic = inArabic(LogoNoneUploading);

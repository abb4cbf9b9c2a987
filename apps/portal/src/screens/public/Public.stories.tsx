/**
 * The public pages (SPEC §2): a marketing page's blocks (how signing works, what each account
 * includes, trust and compliance, questions), a page that sells what is not built yet, the
 * certification authority's repository, and plans and pricing with the comparison table; each in
 * both languages, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockAnswers } from '@tawqi/api/fixtures';
import { expect, userEvent, within } from 'storybook/test';
import {
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  storyFixtures,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import MarketingPage from './MarketingPage.js';
import PlansPricing from './PlansPricing.js';

const meta = {
  title: 'Portal/Public',
  component: MarketingPage,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal: { route: '/' } },
  args: { id: 'home' },
} satisfies Meta<typeof MarketingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The home page's blocks in order; a question opens to its answer. */
export const Home: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const key of ['howItWorks.title', 'offers.title', 'compliance.title', 'faq.title'])
      await expect(
        canvas.getByRole('heading', { level: 2, name: text(`public:${key}`) }),
      ).toBeVisible();
    const howItWorks = canvas.getByRole('region', { name: text('public:howItWorks.title') });
    await expect(within(howItWorks).getAllByRole('listitem')).toHaveLength(3);
    const question = canvas.getByText(text('public:faq.items.0.question'));
    const answer = canvas.getByText(text('public:faq.items.0.answer'));
    await expect(answer).not.toBeVisible();
    await userEvent.click(question);
    await expect(answer).toBeVisible();
  },
};
export const HomeArabic = inArabic(Home);
export const HomeDark = inDark(Home);
export const HomeArabicDark = inDark(inArabic(Home));

/** The organization page leads organizations and providers to sign-up (issue 38). */
export const OrganizationSignUp: Story = {
  args: { id: 'organization' },
  parameters: { portal: { route: '/organization' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(text('public:apply.lead'))).toBeVisible();
    for (const link of canvas.getAllByRole('link', { name: text('public:apply.organization') }))
      await expect(link).toHaveAttribute('href', '/create-account');
  },
};
export const OrganizationSignUpArabic = inArabic(OrganizationSignUp);
export const OrganizationSignUpDark = inDark(OrganizationSignUp);

/**
 * The digital certificate page with the certification authority's repository: its two
 * certificates with their fingerprints, the revocation list and OCSP, the policies, and the
 * subscriber agreement, which opens over the page.
 */
export const CertificateRepository: Story = {
  args: { id: 'digital-certificate' },
  parameters: { portal: { route: '/digital-certificate' } },
  play: async ({ canvasElement }) => {
    const repository = within(
      await within(canvasElement).findByRole('region', { name: text('public:repository.title') }),
    );
    await expect(
      await repository.findByRole('heading', { name: text('public:repository.root') }),
    ).toBeVisible();
    await expect(
      repository.getByText(text('public:repository.levels.organizationSignatory')),
    ).toBeVisible();
    await expect(
      repository.getByRole('link', { name: text('public:repository.crl') }),
    ).toHaveAttribute('href', '/pki/issuing.crl');
    await expect(
      repository.getByRole('link', { name: text('public:repository.arl') }),
    ).toHaveAttribute('href', '/pki/root.crl');
    await userEvent.click(
      repository.getByRole('button', { name: text('public:repository.agreement') }),
    );
    await expect(await within(document.body).findByRole('dialog')).toBeVisible();
  },
};
export const CertificateRepositoryArabic = inArabic(CertificateRepository);
export const CertificateRepositoryDark = inDark(CertificateRepository);
export const CertificateRepositoryLoading: Story = {
  args: { id: 'digital-certificate' },
  ...loadingStory('certificateRepository'),
};

/** The plans the mock answers send, in the story's language. */
const plans = () =>
  createMockAnswers(storyFixtures()).commonEsignPlans({ params: {}, query: {}, body: {} });

/** A card per plan, each with its own buy button, and every plan in the comparison table. */
export const Pricing: StoryObj<typeof PlansPricing> = {
  render: () => <PlansPricing mode="pricing" />,
  parameters: { portal: { route: '/plans-pricing' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    // The header row, and a row per plan.
    const { planDetailsDTOList } = plans();
    await expect(within(table).getAllByRole('row')).toHaveLength(planDetailsDTOList.length + 1);
    for (const plan of planDetailsDTOList) {
      await expect(
        canvas.getByRole('button', {
          name: text('public:plans.buyNamed', { plan: plan.planName }),
        }),
      ).toBeEnabled();
      await expect(within(table).getByRole('rowheader', { name: plan.planName })).toBeVisible();
    }
  },
};
export const PricingArabic = inArabic(Pricing);
export const PricingDark = inDark(Pricing);
export const PricingArabicDark = inDark(inArabic(Pricing));

export const PricingLoading: StoryObj<typeof PlansPricing> = {
  render: () => <PlansPricing mode="pricing" />,
  ...loadingStory('commonEsignPlans'),
};
export const PricingLoadingArabic = inArabic(PricingLoading);

export const PricingFailed: StoryObj<typeof PlansPricing> = {
  render: () => <PlansPricing mode="pricing" />,
  ...failedOnceStory('commonEsignPlans'),
};
export const PricingFailedArabic: StoryObj<typeof PlansPricing> = inArabic({
  render: () => <PlansPricing mode="pricing" />,
  ...failedOnceStory('commonEsignPlans'),
});

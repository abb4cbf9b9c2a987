import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LinkRouter } from '../../provider/LinkRouter.js';
import { Button } from '../Button/Button.js';
import { Menu } from '../Menu/Menu.js';
import { AppShell } from './AppShell.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const navigation = [
  {
    id: 'my',
    label: 'My account',
    items: [
      { id: 'dashboard', label: 'Dashboard', href: '#dashboard', isCurrent: true },
      { id: 'subscriptions', label: 'My subscription', href: '#subscriptions' },
      { id: 'transactions', label: 'My transactions', href: '#transactions' },
    ],
  },
  {
    id: 'org',
    label: 'Organization',
    items: [{ id: 'users', label: 'Manage users', href: '#users' }],
  },
];

/** The header's controls as an Arabic page has them (the switch names English in English). */
const arabicHeader = {
  languageSwitch: (
    <Button variant="ghost">
      <span lang="en">English</span>
    </Button>
  ),
  themeSwitch: <Button variant="ghost">داكن</Button>,
  userMenu: (
    <Menu
      label="المستخدم"
      trigger={<Button variant="secondary">سارة</Button>}
      items={[{ id: 'logout', label: 'تسجيل الخروج' }]}
    />
  ),
};

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    brand: 'Tawqi',
    navigation,
    // The other language's name, written in it.
    languageSwitch: (
      <Button variant="ghost">
        <span lang="ar">العربية</span>
      </Button>
    ),
    themeSwitch: <Button variant="ghost">Dark</Button>,
    userMenu: (
      <Menu
        label="User"
        trigger={<Button variant="secondary">Sara</Button>}
        items={[{ id: 'logout', label: 'Sign out' }]}
      />
    ),
    children: <h1>Dashboard</h1>,
  },
  {
    brand: 'توقيع',
    navigation: [
      {
        id: 'my',
        label: 'حسابي',
        items: [
          { id: 'dashboard', label: 'لوحة المعلومات', href: '#dashboard', isCurrent: true },
          { id: 'subscriptions', label: 'اشتراكي', href: '#subscriptions' },
          { id: 'transactions', label: 'عملياتي', href: '#transactions' },
        ],
      },
      {
        id: 'org',
        label: 'المنشأة',
        items: [{ id: 'users', label: 'إدارة المستخدمين', href: '#users' }],
      },
    ],
    ...arabicHeader,
    children: <h1>لوحة المعلومات</h1>,
  },
);

const meta = {
  title: 'Components/AppShell',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'layout', 'navigation', 'header'],
  component: AppShell,
  parameters: {
    layout: 'fullscreen',
    docs: { description: { component: GUIDANCE.AppShell } },
    argsInArabic: text.argsInArabic,
  },
  args: {
    ...text.args,
    // The side column; the phone's drawer has its own stories below.
    navigationMode: 'side',
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Collapsed: Story = { args: { defaultNavigationOpen: false } };
export const Empty: Story = { args: { navigation: [], children: null } };
export const LongText: Story = {
  ...storyArgs(
    {
      organizationSwitcher: (
        <Button variant="secondary">Eastern Province Health Clinics — Legal Affairs</Button>
      ),
      navigation: [
        {
          id: 'x',
          items: [
            {
              id: 'a',
              label: 'Role counter deduction summary and allocation history',
              href: '#a',
              isCurrent: true,
            },
          ],
        },
      ],
    },
    {
      organizationSwitcher: (
        <Button variant="secondary">عيادات المنطقة الشرقية الصحية — الشؤون القانونية</Button>
      ),
      navigation: [
        {
          id: 'x',
          items: [
            { id: 'a', label: 'ملخص خصم رصيد الأدوار وسجل التخصيص', href: '#a', isCurrent: true },
          ],
        },
      ],
    },
  ),
};
export const RTL: Story = {
  args: {
    brand: 'توقيع',
    navigation: [
      {
        id: 'my',
        label: 'حسابي',
        items: [{ id: 'd', label: 'لوحة المعلومات', href: '#d', isCurrent: true }],
      },
    ],
    ...arabicHeader,
    children: <h1>لوحة المعلومات</h1>,
  },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    const navigationBox = within(canvasElement)
      .getByRole('navigation', { name: 'القائمة الرئيسية' })
      .getBoundingClientRect();
    const mainBox = within(canvasElement).getByRole('main').getBoundingClientRect();
    await expect(navigationBox.left).toBeGreaterThan(mainBox.left);
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };

/** Skip link first; the navigation toggle collapses and reopens the side navigation. */
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: say('Skip to content') })).toHaveFocus();
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: say('Close navigation') });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: say('Open navigation') })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(canvas.queryByRole('link', { name: say('Dashboard') })).toBeNull();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('link', { name: say('Dashboard') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/**
 * A phone: one header row (menu, brand, user), the navigation and the language and theme
 * controls in a drawer that is closed on arrival, opens from the menu button, keeps focus inside,
 * and closes with Escape or when a page is chosen.
 */
const navigate = fn();

export const Phone: Story = {
  args: { navigationMode: 'drawer' },
  // Links move within the app, as in the portal (LinkRouter).
  decorators: [
    (Story) => (
      <LinkRouter navigate={navigate}>
        <Story />
      </LinkRouter>
    ),
  ],
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation')).toBeNull();
    // The language switch names the other language, in it.
    const otherLanguage = inLanguage(context, 'العربية', 'English');
    await expect(canvas.queryByRole('button', { name: otherLanguage })).toBeNull();
    const menu = canvas.getByRole('button', { name: say('Open navigation') });
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: say('Main navigation') });
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await expect(within(drawer).getByRole('button', { name: otherLanguage })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menu).toHaveFocus());
    await userEvent.click(menu);
    const reopened = await screen.findByRole('dialog', { name: say('Main navigation') });
    await userEvent.click(within(reopened).getByRole('link', { name: say('My transactions') }));
    await expect(navigate).toHaveBeenCalledWith('#transactions', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
export const PhoneArabic: Story = {
  args: {
    ...RTL.args,
    navigationMode: 'drawer',
  },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'فتح القائمة' }));
    const drawer = await screen.findByRole('dialog', { name: 'القائمة الرئيسية' });
    // Right to left: the drawer stands at the right edge.
    const box = drawer.getBoundingClientRect();
    await expect(Math.round(box.right)).toBe(window.innerWidth);
  },
};
export const PhoneDark: Story = { ...Phone, globals: { theme: 'dark' } };

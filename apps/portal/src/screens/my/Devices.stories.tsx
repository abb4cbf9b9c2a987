/** Registered devices (SPEC §2): a paged grid; each state in both languages, network mocked. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { dataGridIn } from '@tawqi/ui/test';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  expectDataRows,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Devices from './Devices.js';

const meta = {
  title: 'Portal/My/Devices',
  component: Devices,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/devices', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof Devices>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', {
      name: text('my:devices.title'),
    });
    // The mock has four devices.
    await expectDataRows(grid, 4);
  },
};
export const DataArabic = inArabic(Data);

/**
 * This device is marked and cannot be removed here; another is removed after a confirmation that
 * says it will be signed out, and the list is read again.
 */
export const RemoveAnotherDevice: Story = {
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', {
      name: text('my:devices.title'),
    });
    await expectDataRows(grid, 4);
    const [thisDevice, other] = dataGridIn(canvasElement, text('my:devices.title')).rows();
    if (!thisDevice || !other) throw new Error('the mock has four devices');
    await expect(within(thisDevice).getByText(text('my:devices.thisDevice'))).toBeVisible();
    await expect(within(thisDevice).queryByRole('button')).toBeNull();
    const device = other.querySelector('th[scope="row"]')?.textContent ?? '';
    await userEvent.click(
      within(other).getByRole('button', { name: text('my:devices.removeNamed', { device }) }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: text('my:devices.confirmTitle'),
    });
    await expect(dialog).toHaveTextContent(text('my:devices.confirmText', { device }));
    await userEvent.click(within(dialog).getByRole('button', { name: text('my:devices.remove') }));
    await expect(await screen.findByText(text('my:devices.removed'))).toBeVisible();
    await waitFor(() =>
      expect(
        screen.queryByRole('alertdialog', { name: text('my:devices.confirmTitle') }),
      ).toBeNull(),
    );
  },
};
export const RemoveAnotherDeviceArabic = inArabic(RemoveAnotherDevice);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

export const Loading: Story = loadingStory('registeredDevices');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('registeredDevices')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(text('my:devices.empty'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Failed: Story = failedOnceStory('registeredDevices');
export const FailedArabic = inArabic(failedOnceStory('registeredDevices'));

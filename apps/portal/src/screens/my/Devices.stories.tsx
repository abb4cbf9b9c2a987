/** Registered devices (SPEC §2): a paged grid; each state in both languages, network mocked. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { expect, within } from 'storybook/test';
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
} from '../../stories/portal.js';
import Devices from './Devices.js';

const meta = {
  title: 'Portal/My/Devices',
  component: Devices,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
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

/**
 * Saving a certificate with its private key (issue 40's password rules): the dialog as it opens,
 * a password too short, one made of the holder's name (long enough, easy to guess), and a strong
 * one typed twice — the meter and its words at each step, in both languages. The dialog is shown
 * alone: on the certificates page it opens only where this browser holds the certificate's key.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import { Pkcs12Dialog } from './Pkcs12Dialog.js';

const meta = {
  title: 'Portal/My/Certificates/Save with its key',
  component: Pkcs12Dialog,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'fullscreen', portal: { route: '/app/my/dsc/manage' } },
  args: {
    onClose: fn(),
    // Never used: `make` stands for what would make the file from it.
    privateKey: {} as CryptoKey,
    holder: 'Sara Al-Qahtani',
    make: fn(() => Promise.resolve()),
  },
} satisfies Meta<typeof Pkcs12Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: text('my:dsc.pkcs12.title') }));
const password = async () =>
  (await dialog()).getByLabelText(text('my:dsc.pkcs12.password'), { selector: 'input' });
const repeated = async () =>
  (await dialog()).getByLabelText(text('my:dsc.pkcs12.repeat'), { selector: 'input' });
const save = async () =>
  userEvent.click((await dialog()).getByRole('button', { name: text('my:dsc.pkcs12.save') }));
/** The meter's value and its words, once the measure has caught up with the typing. */
const strengthShows = async (strength: number) => {
  const meter = (await dialog()).getByRole('meter', { name: text('my:dsc.pkcs12.strength') });
  await waitFor(() => expect(meter).toHaveAttribute('value', String(strength)));
  await expect(
    await (await dialog()).findByText(text(`my:dsc.pkcs12.strengths.${String(strength)}`)),
  ).toBeVisible();
};

/** As it opens: the rule in the field's help, an empty meter, nothing wrong yet. */
export const Opened: Story = {
  play: async () => {
    const shown = await dialog();
    await expect(
      await shown.findByText(text('my:dsc.pkcs12.passwordHelp', { count: 12 })),
    ).toBeVisible();
    await expect(shown.getByRole('meter')).toHaveAttribute('value', '0');
    await expect(shown.queryByText(text('my:dsc.pkcs12.tooShort', { count: 12 }))).toBeNull();
  },
};
export const OpenedArabic = inArabic(Opened);
export const OpenedDark = inDark(Opened);

/** Eleven characters: refused for its length, and no file is made. */
export const TooShort: Story = {
  play: async ({ args }) => {
    await userEvent.type(await password(), 'k7#Vq9!mZ2p');
    await userEvent.type(await repeated(), 'k7#Vq9!mZ2p');
    await save();
    await expect(
      await (await dialog()).findByText(text('my:dsc.pkcs12.tooShort', { count: 12 })),
    ).toBeVisible();
    await expect(args.make).not.toHaveBeenCalled();
  },
};
export const TooShortArabic = inArabic(TooShort);

/** The holder's own name and a year: long enough, but among a guesser's first tries. */
export const HolderName: Story = {
  play: async ({ args }) => {
    await userEvent.type(await password(), 'SaraAlQahtani1990');
    await userEvent.type(await repeated(), 'SaraAlQahtani1990');
    await strengthShows(1);
    await save();
    await expect(
      await (await dialog()).findByText(text('my:dsc.pkcs12.easyToGuess')),
    ).toBeVisible();
    await expect(args.make).not.toHaveBeenCalled();
  },
};
export const HolderNameArabic = inArabic(HolderName);

/** A strong password: first mistyped in the repeat, then the file is made. */
export const Strong: Story = {
  play: async ({ args }) => {
    await userEvent.type(await password(), 'tamarind kettle orbit 47 violet');
    await strengthShows(4);
    await userEvent.type(await repeated(), 'tamarind kettle orbit 47 violte');
    await save();
    await expect(await (await dialog()).findByText(text('my:dsc.pkcs12.different'))).toBeVisible();
    await expect(args.make).not.toHaveBeenCalled();
    await userEvent.clear(await repeated());
    await userEvent.type(await repeated(), 'tamarind kettle orbit 47 violet');
    await save();
    await waitFor(() =>
      expect(args.make).toHaveBeenCalledWith(args.privateKey, 'tamarind kettle orbit 47 violet'),
    );
  },
};
export const StrongArabic = inArabic(Strong);
export const StrongArabicDark = inDark(inArabic(Strong));

/**
 * Add a user (SPEC §2 `manage/users/uav/createuav`): the national id, the number the person picks
 * in the identity app, their details as it confirmed them, and the membership form with its
 * checks; a member refused before the identity app is asked; an approval that has expired;
 * network mocked (the mock identity app approves at the first poll).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { languageOf, mockUrl } from '@tawqi/api/msw';
import { formatDigits } from '@tawqi/domain';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import CreateNewUser from './CreateNewUser.js';

const portal = {
  route: '/app/org/manage/users/uav/createuav',
  session: SESSION_WITH_ORGANIZATIONS,
};
/** A national id with a valid check digit. */
const PERSON_ID = '1077123451';

const meta = {
  title: 'Portal/Org/CreateNewUser',
  component: CreateNewUser,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof CreateNewUser>;
export default meta;
type Story = StoryObj<typeof meta>;

async function startVerification(canvasElement: HTMLElement, id = PERSON_ID) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: new RegExp(text('login:nafath.nationalId')) }),
    id,
  );
  await userEvent.click(canvas.getByRole('button', { name: text('org:newUsers.verify') }));
}

/** The first step: the person's national id, verified through the identity app. */
export const Start: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('org:newUsers.addTitle') }),
    ).toBeVisible();
    await expect(canvas.getByText(text('org:newUsers.verifyLead'))).toBeVisible();
    // An id that fails its check digit is caught here.
    await startVerification(canvasElement, '1077123452');
    await expect(await canvas.findByText(text('login:nafath.checkDigit'))).toBeVisible();
  },
};
export const StartArabic = inArabic(Start);
export const StartDark = inDark(Start);
export const StartArabicDark = inDark(inArabic(Start));

/** The number the person picks on their phone, then their details and the membership form. */
export const Verified: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await startVerification(canvasElement);
    await expect(
      await canvas.findByLabelText(
        text('login:nafath.numberLabel', { number: formatDigits('63', storyLanguage()) }),
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(text('login:nafath.waitingOther'));
    // The mock identity app approves at the first poll (two seconds).
    await expect(
      await canvas.findByRole(
        'heading',
        { name: text('org:newUsers.membership') },
        { timeout: 6000 },
      ),
    ).toBeVisible();
    await expect(await canvas.findByText('Reem Al-Shehri')).toBeVisible();
    // Nothing is sent with fields missing: each says what it needs.
    await userEvent.click(canvas.getByRole('button', { name: text('org:newUsers.submit') }));
    await expect(await canvas.findByText(text('org:newUsers.form.required'))).toBeVisible();
    await expect(canvas.getByText(text('org:newUsers.form.invalidEmail'))).toBeVisible();
    await expect(canvas.getByText(text('org:newUsers.form.invalidMobile'))).toBeVisible();
  },
};
export const VerifiedArabic = inArabic(Verified);
export const VerifiedDark = inDark(Verified);

/** A member (or someone already asked for) is refused before the identity app is asked. */
export const AlreadyMember: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.validateNationalId), ({ request }) =>
        HttpResponse.json({
          status: '0',
          errorMessage:
            request.headers.get('accept-language') === 'ar'
              ? 'هذا الشخص عضو في المنشأة بالفعل.'
              : 'This person is already a member of the organization.',
        }),
      ),
    ],
  },
  play: async ({ canvasElement, globals }) => {
    await startVerification(canvasElement);
    const message =
      globals.language === 'ar'
        ? 'هذا الشخص عضو في المنشأة بالفعل.'
        : 'This person is already a member of the organization.';
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(message);
    await expect(
      within(canvasElement).queryByLabelText(
        text('login:nafath.numberLabel', { number: formatDigits('63', storyLanguage()) }),
      ),
    ).toBeNull();
  },
};
export const AlreadyMemberArabic = inArabic(AlreadyMember);

/** The approval expired before the details were read: the admin verifies the person again. */
export const ApprovalExpired: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.orgUserDetails), () =>
        HttpResponse.json({
          status: '0',
          errorMessage:
            'The identity app’s confirmation of this person was not found or has expired.',
          fullNameEnglish: '',
          fullNameArabic: '',
          nationality: '',
          dateOfBirth: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await startVerification(canvasElement);
    const again = await canvas.findByRole(
      'button',
      { name: text('org:newUsers.verifyAgain') },
      { timeout: 6000 },
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent(/expired/);
    await userEvent.click(again);
    await expect(
      await canvas.findByRole('button', { name: text('org:newUsers.verify') }),
    ).toBeVisible();
  },
};

/** The server refuses the request (here: someone asked for the person meanwhile): it says why
 * under the form, and everything typed stays. */
/** The server's words, in the language the page asked in. */
const ALREADY_OPEN = {
  en: 'A request to add this person is already open. Find it in the new user requests.',
  ar: 'يوجد طلب مفتوح لإضافة هذا الشخص. تجده في طلبات المستخدمين الجدد.',
};
export const SubmitRefused: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.createUavRequest), ({ request }) =>
        HttpResponse.json({
          status: '0',
          errorMessage: ALREADY_OPEN[languageOf(request)],
          id: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await startVerification(canvasElement);
    await canvas.findByRole(
      'heading',
      { name: text('org:newUsers.membership') },
      { timeout: 6000 },
    );
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(text('org:newUsers.role')) }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: text('org:roles.authorizedSignatory') }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(text('org:users.detail.unit')) }),
    );
    const [unit] = await screen.findAllByRole('option');
    if (!unit) throw new Error('no unit to choose');
    await userEvent.click(unit);
    const employee = canvas.getByRole('textbox', {
      name: new RegExp(text('org:newUsers.form.employeeId')),
    });
    await userEvent.type(employee, 'EMP-7001');
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(text('org:newUsers.form.email')) }),
      'reem@example.sa',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(text('org:newUsers.form.mobile')) }),
      '0551234567',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('org:newUsers.submit') }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ALREADY_OPEN[storyLanguage()]);
    await expect(employee).toHaveValue('EMP-7001');
  },
};
export const SubmitRefusedArabic = inArabic(SubmitRefused);

/** The input the document button opens (React Aria keeps a real file input beside it). */
function fileInput(canvasElement: HTMLElement): HTMLInputElement {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/**
 * Supporting documents: a file is checked before it is sent (a Word file, a file too large),
 * uploaded and listed with its kind and size, and can be removed before the request is sent.
 */
export const SupportingDocuments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await startVerification(canvasElement);
    const documents = await canvas.findByRole(
      'group',
      { name: text('org:documents.title') },
      { timeout: 6000 },
    );
    const add = within(documents).getByRole('button', { name: text('org:documents.add') });
    await expect(add).toBeEnabled();

    await userEvent.upload(fileInput(canvasElement), new File(['x'], 'cv.docx'), {
      applyAccept: false,
    });
    await expect(await within(documents).findByRole('alert')).toHaveTextContent('cv.docx');

    const letter = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(canvasElement), letter);
    const chosen = await within(documents).findByRole('list', {
      name: text('org:documents.chosen'),
    });
    await expect(within(chosen).getByText('letter.pdf')).toBeVisible();
    await expect(within(documents).queryByRole('alert')).toBeNull();

    await userEvent.click(
      within(chosen).getByRole('button', {
        name: text('org:documents.removeNamed', { name: 'letter.pdf' }),
      }),
    );
    await expect(
      within(documents).queryByRole('list', { name: text('org:documents.chosen') }),
    ).toBeNull();
  },
};
export const SupportingDocumentsArabic = inArabic(SupportingDocuments);

/** The server refuses a file (its content is not what its name says): the reason shows under
 * the button, and the form keeps everything else. */
/** The server's words, in the language the page asked in. */
const NOT_ITS_NAME = {
  en: 'This file is not a PDF, PNG or JPEG, or its name does not match its content. Choose the file again.',
  ar: 'هذا الملف ليس PDF أو PNG أو JPEG، أو لا يطابق اسمه محتواه. اختر الملف مرة أخرى.',
};
export const DocumentRefusedByServer: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.uploadDocument), ({ request }) =>
        HttpResponse.json(
          {
            statusCode: 415,
            code: 'VALIDATION_FAILED',
            message: NOT_ITS_NAME[languageOf(request)],
          },
          { status: 415 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await startVerification(canvasElement);
    const documents = await canvas.findByRole(
      'group',
      { name: text('org:documents.title') },
      { timeout: 6000 },
    );
    await userEvent.upload(
      fileInput(canvasElement),
      new File(['\x89PNG'], 'letter.pdf', { type: 'application/pdf' }),
    );
    await expect(await within(documents).findByRole('alert')).toHaveTextContent(
      NOT_ITS_NAME[storyLanguage()],
    );
  },
};
export const DocumentRefusedByServerArabic = inArabic(DocumentRefusedByServer);

/**
 * The person is not at hand: invited by e-mail. Each field is checked first (an id failing its
 * check digit included); the server's refusal is shown and what was typed stays.
 */
export const InviteByEmail: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.inviteOrgUser), () =>
        HttpResponse.json({
          status: '0',
          errorMessage:
            storyLanguage() === 'ar'
              ? 'يوجد طلب مفتوح لإضافة هذا الشخص. تجده في طلبات المستخدمين الجدد.'
              : 'A request to add this person is already open. Find it in the new user requests.',
          id: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: text('org:newUsers.invite.open') }),
    );
    // The invitation's own section (the identity app's form above asks for an id too).
    const canvas = within(
      within(canvasElement).getByRole('region', { name: text('org:newUsers.invite.title') }),
    );
    const invite = canvas.getByRole('button', { name: text('org:newUsers.invite.send') });
    const id = canvas.getByRole('textbox', {
      name: new RegExp(text('org:users.detail.nationalId')),
    });
    await userEvent.type(id, '1077123450');
    await userEvent.click(invite);
    await expect(await canvas.findByText(text('org:newUsers.invite.invalidId'))).toBeVisible();
    await userEvent.clear(id);
    await userEvent.type(id, PERSON_ID);
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(text('org:newUsers.role')) }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: text('org:roles.organizationUser') }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(text('org:users.detail.unit')) }),
    );
    const [unit] = await screen.findAllByRole('option');
    if (!unit) throw new Error('no unit to choose');
    await userEvent.click(unit);
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(text('org:newUsers.form.employeeId')) }),
      'EMP-7002',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(text('org:newUsers.form.email')) }),
      'huda@example.sa',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(text('org:newUsers.form.mobile')) }),
      '0551234567',
    );
    await userEvent.click(invite);
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(id).toHaveValue(PERSON_ID);
  },
};
export const InviteByEmailArabic = inArabic(InviteByEmail);

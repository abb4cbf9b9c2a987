/**
 * A current member as the changes an Enrolment Admin makes read them: locked for the change, with
 * the words of every refusal.
 */
import {
  IDENTITY_STATUS,
  type Language,
  type OrgUserStatus,
  type OrganizationRole,
} from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';

export const MESSAGES = {
  notCurrent: {
    en: 'Only a current member can be changed. A person still pending is decided in approvals.',
    ar: 'لا يُعدَّل إلا عضو حالي. يُبتّ في الشخص المعلّق من صفحة الموافقات.',
  },
  yourself: {
    en: 'You cannot change your own role or active state. Another Enrolment Admin can.',
    ar: 'لا يمكنك تغيير دورك أو حالة نشاطك. يستطيع ذلك مسؤول تسجيل آخر.',
  },
  unchanged: {
    en: 'That is the member’s current value already.',
    ar: 'هذه هي القيمة الحالية للعضو بالفعل.',
  },
  openChange: {
    en: 'A change of this already awaits approval.',
    ar: 'يوجد طلب تعديل لهذا بانتظار الموافقة بالفعل.',
  },
  email: { en: 'Enter a valid email address.', ar: 'أدخل بريدًا إلكترونيًا صحيحًا.' },
  mobile: {
    en: 'Enter a Saudi mobile number, such as 0551234567.',
    ar: 'أدخل رقم جوال سعوديًا، مثل 0551234567.',
  },
  unit: { en: 'Choose an active organization unit.', ar: 'اختر وحدة تنظيمية نشطة.' },
} as const satisfies Record<string, Record<Language, string>>;

export interface Member {
  user_slno: number;
  status: OrgUserStatus;
  is_active: boolean;
  roles: OrganizationRole[];
  email: string;
  mobile: string;
  org_unit_slno: number | null;
  full_name_en: string;
  full_name_ar: string;
  org_en: string;
  org_ar: string;
}

/** The member, locked for the change, when they are a current member (approved or deactivated). */
export async function currentMember(
  tx: Queryable,
  org: number,
  userSlno: number,
): Promise<Member | null> {
  const [member] = (
    await tx.query<Member>(
      `SELECT m.user_slno, m.status, m.is_active, m.roles, m.email, m.mobile, m.org_unit_slno,
              u.full_name_en, u.full_name_ar, o.name_en AS org_en, o.name_ar AS org_ar
         FROM memberships m JOIN users u USING (user_slno) JOIN organizations o USING (org_slno)
        WHERE m.org_slno = $1 AND m.user_slno = $2 FOR UPDATE OF m`,
      [org, userSlno],
    )
  ).rows;
  return member && ['Approved', 'Deactivated'].includes(member.status) ? member : null;
}

export const refusal = (message: Record<Language, string>, language: Language) => ({
  status: IDENTITY_STATUS.failed,
  errorMessage: message[language],
});
export const done = { status: IDENTITY_STATUS.accepted, errorMessage: null };

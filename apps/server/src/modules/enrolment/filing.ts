/**
 * Filing an application, once its e-mail address is verified and its fee, where its
 * kind has one, is paid — in the transaction that made the last of those true, once (the
 * application is locked and must not be filed yet):
 * - the applicant, as the identity app named them, becomes a person of Tawqi;
 * - a pending L2 provider under the chosen L1 — for a provider applying as an L2, and for an
 *   organization enrolling for its own signing alike (every organization belongs to a provider,
 *   and one directly under an L1 would act for that L1) — and its organization, with the
 *   address, sponsor and technical contact the applicant gave, and a head office unit;
 * - the applicant's pending membership as its Enrolment Admin and Authorized Signatory;
 * - the request the L1's Enrolment Admins decide (providers/requests.ts), carrying the
 *   application's documents; they are told of it.
 */
import { localSaudiMobile, type ApplicationKind } from '@tawqi/domain';
import type { NafathPerson } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/pool.js';
import type { AuditContext } from '../audit/log.js';
import type { Fulfil } from '../payments/fulfilment.js';
import { recordVerifiedPerson } from '../auth/identityApp.js';
import { notifyProviderAdmins } from '../notices.js';

/** The originator an application's request carries (a TERMS word). */
export const SELF_REGISTRATION = 'Self-registration';

interface ApplicationRow {
  application_slno: number;
  reference: string;
  kind: ApplicationKind;
  status: string;
  person: NafathPerson;
  l1_sip_slno: number;
  details: {
    organizationNameEnglish: string;
    organizationNameArabic: string;
    crNumber: string;
    crExpiryDate: string;
    unifiedNumber: string;
    email: string;
    mobile: string;
    telephone: string;
    citySlno: string;
    address: string;
    postalCode: string;
    sponsor: { nameEnglish: string; nameArabic: string; email: string; mobile: string };
    technicalContact: { nameEnglish: string; nameArabic: string; email: string; mobile: string };
  };
}

const AWAITING = {
  title: { en: 'An application awaits your decision', ar: 'طلب تسجيل بانتظار قرارك' },
  body: (name: { en: string; ar: string }, kind: ApplicationKind) =>
    kind === 'l2Provider'
      ? {
          en: `${name.en} applied to be a level 2 service provider under you.`,
          ar: `تقدّمت ${name.ar} بطلب لتكون مزوّد خدمة من المستوى الثاني لديكم.`,
        }
      : {
          en: `${name.en} applied to enrol its organization with you.`,
          ar: `تقدّمت ${name.ar} بطلب لتسجيل منشأتها لديكم.`,
        },
};

/**
 * The applicant's organization as the application describes it, under `sipSlno`: its address
 * from the city chosen, its sponsor and technical contact, and its head office.
 */
async function makeOrganization(
  tx: Queryable,
  details: ApplicationRow['details'],
  sipSlno: number,
  now: Date,
) {
  const q = <R extends object>(text: string, values: unknown[]) => tx.query<R>(text, values);
  const one = async <R extends object>(text: string, values: unknown[]) =>
    (await q<R>(text, values)).rows[0] as R;
  const place = await one<{ city: string; region: string; country: string }>(
    `SELECT c.name_en AS city, r.name_en AS region, n.name_en AS country
       FROM cities c JOIN regions r ON r.state_slno = c.state_slno
       JOIN countries n ON n.country_slno = r.country_slno
      WHERE c.city_slno = $1`,
    [Number(details.citySlno)],
  );
  const organization = await one<{ org_slno: number }>(
    `INSERT INTO organizations (organization_type, sip_slno, name_en, name_ar, dba_name, dba_name_ar,
       cr_number, unified_org_no, email, telephone, address, city, region, country, postal_code, valid_till)
     VALUES (1, $1, $2, $3, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::date)
     RETURNING org_slno`,
    [
      sipSlno,
      details.organizationNameEnglish,
      details.organizationNameArabic,
      details.crNumber,
      details.unifiedNumber,
      details.email,
      details.telephone,
      details.address,
      place.city,
      place.region,
      place.country,
      details.postalCode,
      details.crExpiryDate,
    ],
  );
  for (const [kind, contact] of [
    ['sponsor', details.sponsor],
    ['technicalContact', details.technicalContact],
  ] as const)
    await q(
      `INSERT INTO organization_contacts (org_slno, kind, name_en, name_ar, email, mobile, is_primary)
       VALUES ($1, $2, $3, $4, $5, $6, true)`,
      [
        organization.org_slno,
        kind,
        contact.nameEnglish,
        contact.nameArabic,
        contact.email,
        localSaudiMobile(contact.mobile) ?? contact.mobile,
      ],
    );
  const unit = await one<{ org_unit_slno: number }>(
    `INSERT INTO organization_units (org_slno, name_en, name_ar, status, is_active, created_at)
     VALUES ($1, 'Head office', 'المكتب الرئيسي', 'Approved', true, $2) RETURNING org_unit_slno`,
    [organization.org_slno, now],
  );
  return { organization, unit };
}

export async function fileApplication(
  tx: Queryable,
  deps: Pick<Deps, 'audit' | 'clock'>,
  applicationSlno: number,
  audit: AuditContext,
): Promise<void> {
  const now = deps.clock();
  const [application] = (
    await tx.query<ApplicationRow>(
      `SELECT application_slno, reference, kind, status, person, l1_sip_slno, details
         FROM applications WHERE application_slno = $1 FOR UPDATE`,
      [applicationSlno],
    )
  ).rows;
  if (!application || application.status === 'filed') return;
  const { details } = application;
  const q = <R extends object>(text: string, values: unknown[]) => tx.query<R>(text, values);
  const one = async <R extends object>(text: string, values: unknown[]) =>
    (await q<R>(text, values)).rows[0] as R;

  const person = await recordVerifiedPerson(tx, application.person, now);
  // An L2 provider applies with a provider of its own, pending the L1's decision; an
  // organization is the L1's customer, under it from the start.
  const provider =
    application.kind === 'l2Provider'
      ? await one<{ sip_slno: number }>(
          `INSERT INTO service_providers (sip_id, name_en, name_ar, level, parent_sip_slno, status)
           VALUES ($1, $2, $3, 'L2', $4, 'pending') RETURNING sip_slno`,
          [
            `L2-${application.reference.slice(4)}`,
            details.organizationNameEnglish,
            details.organizationNameArabic,
            application.l1_sip_slno,
          ],
        )
      : null;
  const { organization, unit } = await makeOrganization(
    tx,
    details,
    provider?.sip_slno ?? application.l1_sip_slno,
    now,
  );
  await q(
    `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, status, is_active, created_at, org_unit_slno)
     VALUES ($1, $2, ARRAY['enrolmentAdmin', 'authorizedSignatory'], '', $3, $4, 'Pending', false, $5, $6)`,
    [
      person.userSlno,
      organization.org_slno,
      details.email,
      localSaudiMobile(details.mobile) ?? details.mobile,
      now,
      unit.org_unit_slno,
    ],
  );
  const request = await one<{ request_slno: number }>(
    `INSERT INTO l2_requests (l1_sip_slno, l2_sip_slno, l2_org_slno, status, originator, kind, created_at, created_by)
     VALUES ($1, $2, $3, 'Pending', $4, $5, $6, $7) RETURNING request_slno`,
    [
      application.l1_sip_slno,
      provider?.sip_slno ?? null,
      organization.org_slno,
      SELF_REGISTRATION,
      application.kind,
      now,
      person.userSlno,
    ],
  );
  await q(
    `UPDATE documents SET org_slno = $2, uploaded_by = $3, l2_request_slno = $4
      WHERE application_slno = $1`,
    [application.application_slno, organization.org_slno, person.userSlno, request.request_slno],
  );
  await q(
    `UPDATE applications SET status = 'filed', l2_request_slno = $2, updated_at = $3
      WHERE application_slno = $1`,
    [application.application_slno, request.request_slno, now],
  );
  // The L1's Enrolment Admins (members of its own organizations) learn of it.
  const notice = AWAITING.body(
    { en: details.organizationNameEnglish, ar: details.organizationNameArabic },
    application.kind,
  );
  await notifyProviderAdmins(
    tx,
    application.l1_sip_slno,
    { title: AWAITING.title, body: notice },
    now,
  );
  await deps.audit.record(tx, audit, {
    action: 'approval.requested',
    outcome: 'success',
    actor: person.userSlno,
    target: `L2-request:${String(request.request_slno)}`,
    detail: { kind: application.kind, application: application.reference },
  });
}

/**
 * A registration fee paid (payments' fulfilment of the registration category): it files
 * its application — once its e-mail address is verified, which paying requires.
 */
export function registrationFulfilment(deps: Pick<Deps, 'audit' | 'clock'>): Fulfil {
  return async (tx, order, { audit }) => {
    const [fee] = (
      await tx.query<{ application_slno: number | null }>(
        'SELECT application_slno FROM orders WHERE order_slno = $1',
        [order.orderSlno],
      )
    ).rows;
    if (fee?.application_slno == null)
      throw new Error('a registration fee without its application');
    await fileApplication(tx, deps, fee.application_slno, audit);
  };
}

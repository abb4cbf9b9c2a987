import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHANGE_REQUESTS_FILE_NAME, DSC_REPORT_FILE_NAME, EXPORT_FILE_NAMES } from '@tawqi/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT, ENDPOINTS, pathParameterNames, type Endpoint } from '../src/index.js';
import { parseSpecCalls } from './specCalls.js';

/** Every call of SPEC §7, as the spec writes it: method, path, and the query it names. */
const SPEC_CALLS: readonly (readonly [method: 'GET' | 'POST', path: string, query?: string])[] = [
  ['POST', 'api/v1/auth/{idp}/login/initiate'],
  ['POST', 'api/v1/auth/{idp}/enrollment/initiate'],
  ['POST', 'api/v1/auth/{idp}/login/verify'],
  ['POST', 'api/v1/auth/{idp}/enrollment/verify'],
  ['POST', 'api/v1/auth/credentials/login/verifyOTP'],
  ['POST', 'api/v1/auth/refresh'],
  ['POST', 'api/v1/auth/kyc/renewal/initiate'],
  ['POST', 'api/v1/auth/kyc/renewal/verify'],
  ['GET', 'api/v1/esign/my/subscription/plans/purchased/{page}/{size}'],
  ['GET', 'api/v1/esign/my/subscription/plans/history/{page}/{size}'],
  ['GET', 'api/v1/esign/my/subscription/payment/history/{page}/{size}'],
  ['GET', 'api/v1/common/esign/plans'],
  ['POST', 'api/v1/esign/my/transactions'],
  ['POST', 'api/v1/esign/my/documents'],
  ['POST', '/api/v1/user/org/orgUser/viewManageOrganizationUsersGrid'],
  ['POST', '/api/v1/user/org/orgUser/viewOrganizationUser'],
  ['POST', 'api/v1/user/org/orgUser/organizationUnitList/{id}'],
  ['POST', 'api/v1/user/org/orgUser/viewEmployeeIdList/{orgSlno}'],
  ['POST', '/api/v1/excel/report/exportManageUsers'],
  ['POST', 'api/v1/user/org/uav/viewCreateUavUsersGrid'],
  ['POST', 'api/v1/orguser/validate/nationalID'],
  ['POST', 'api/v1/orguser/{idp}/verify'],
  ['POST', 'api/v1/orguser/userDetails'],
  ['GET', '/api/v1/common/countries'],
  ['POST', '/api/v1/common/states/{id}'],
  ['POST', 'api/v1/common/cities/{id}'],
  ['GET', 'api/v1/common/calendar/months'],
  ['GET', '/api/v1/common/get/vat'],
  ['GET', '/api/v1/common/getRecaptchaClientKey'],
  ['POST', '/api/v1/approval/org/users/new/requests'],
  ['POST', '/api/v1/approval/org/users/new/viewNewRequestDetails'],
  ['POST', '/api/v1/excel/report/exportOrganizationApprovalUserNewRequest'],
  ['POST', '/api/v1/approval/org/users/change/requests'],
  ['POST', '/api/v1/approval/org/users/change/viewChangeRequestDetails'],
  ['POST', '/api/v1/reports/org/esign/deduction/summary'],
  ['POST', '/api/v1/excel/report/exportEsignCounderDeductionSummaryReport'],
  ['POST', 'api/v1/reports/org/counter/allocation/history'],
  ['GET', '/api/v1/reports/org/role/deduction/summary/{sipSlNo}'],
  ['POST', 'api/v1/excel/report/exportOrgRoleCounterDeductionSummary'],
  ['POST', 'api/v1/buy/org/counters'],
  ['POST', 'api/v1/buy/org/counters/quantityGridCounter/{id}'],
  ['POST', 'api/v1/buy/org/counters/plans/{id}'],
  ['GET', 'api/v1/buy/org/getL1Plans', 'sipId'],
  ['GET', 'api/v1/buy/org/getL2Sips', 'sipId'],
  ['GET', 'api/v1/buy/org/getL1PlanDetails', 'planId'],
  ['POST', 'api/v1/excel/report/exportPurchaseCounter'],
  ['POST', 'api/v1/buy/org/role/plans'],
  ['POST', '/api/v1/buy/org/role/quantityGridRole/{id}'],
  ['GET', 'api/v1/buy/org/role/rolePlanDescription'],
  ['POST', 'api/v1/excel/report/exportPurchaseOrgRolePlan'],
  ['POST', 'api/v1/purchase/org/special/plans'],
  ['POST', 'api/v1/purchase/org/special/quantityGridSpecialPlan/{requestSlNo}/{planType}'],
  ['POST', 'api/v1/excel/report/exportSpecialPlan'],
  ['POST', 'api/v1/purchase/org/requests/plans/{category}/{orgSlno}'],
  ['POST', 'api/v1/purchase/org/requests'],
  ['POST', 'api/v1/purchase/org/requests/quantityGridPurchaseOrder/{requestSlNo}/{planType}'],
  ['POST', 'api/v1/excel/report/exportPurchaseOrderRequest'],
  ['GET', 'api/v1/profile/my'],
  ['GET', 'api/v1/profile/my/organizations/mobiles'],
  ['GET', 'api/v1/profile/my/organizations/emails'],
  ['GET', 'api/v1/profile/my/agreements'],
  ['POST', '/api/v1/profile/org/units'],
  ['POST', '/api/v1/profile/org/view/{orgSlno}'],
  ['GET', '/api/v1/profile/org/cert/info/{orgSlno}'],
  ['POST', '/api/v1/profile/org/sponsor/tpoc/info'],
  ['POST', '/api/v1/profile/org/sponsors'],
  ['POST', '/api/v1/profile/org/tpocs'],
  ['POST', '/api/v1/profile/org/admin'],
  ['POST', '/api/v1/org/esigntransactions/getOrgEsignTransactions'],
  ['POST', '/api/v1/excel/report/exportOrgEsignTransactions'],
  ['POST', '/api/v1/org/esigntransactions/getPlanType', 'orgSlno'],
  ['POST', 'api/v1/org/esigntransactions/transactions/request', 'esignlogsSlNo'],
  ['POST', 'api/v1/org/esigntransactions/transactions/response', 'esignlogsSlNo'],
  ['POST', 'api/v1/org/esigntransactions/transactions/signresponse', 'esignlogsSlNo'],
  ['GET', 'api/v1/org/esigntransactions/transactions/getSipId'],
  ['POST', '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin'],
  ['POST', 'api/v1/dashboard/my/dashboard'],
  ['GET', 'api/v1/dashboard/my/notifications'],
  ['GET', '/api/v1/devices/registeredDevices/{page}/{size}'],
  ['POST', 'api/v1/l2sip/grid'],
  ['POST', 'api/v1/l2sip/view'],
  ['POST', 'api/v1/l2org/orgView'],
  ['GET', '/locales/{lng}/{ns}.json'],
];

/** SPEC §7 hides one call of manage users and six of L2 management as POST {hash} / {token}. */
const HIDDEN_CALLS = { manageUsers: 1, l2Management: 6 } as const;

const SPEC_FILE = fileURLToPath(new URL('../../../../shared/spec/SPEC.md', import.meta.url));

function find(method: string, path: string): Endpoint | undefined {
  return ENDPOINTS.find((endpoint) => endpoint.method === method && endpoint.path === path);
}

function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: object;
  };
  return Object.keys(json.properties ?? {});
}

describe('the contract covers SPEC §7', () => {
  const listed = SPEC_CALLS.map(([method, path, query]) => ({ method, path, query }));
  it.each(listed)('declares $method $path', ({ method, path, query }) => {
    const endpoint = find(method, path);
    expect(endpoint, `${method} ${path} is missing from the contract`).toBeDefined();
    if (query) expect(fieldsOf(endpoint?.query)).toContain(query);
    expect(endpoint?.origin).toBe('spec');
  });

  it('declares a call for each POST {hash} / {token} the spec hides, marked as our design', () => {
    for (const [area, expected] of Object.entries(HIDDEN_CALLS)) {
      const hidden = ENDPOINTS.filter(
        (endpoint) => endpoint.origin === 'spec-hidden' && endpoint.area === area,
      );
      expect(hidden, area).toHaveLength(expected);
      for (const endpoint of hidden) expect(endpoint.designNote).toMatch(/\{(hash|token)\}/);
    }
    expect(ENDPOINTS.filter((endpoint) => endpoint.origin === 'spec-hidden')).toHaveLength(7);
  });

  it('lists exactly the calls of the specification’s own text', (context) => {
    if (!existsSync(SPEC_FILE)) {
      // CI always has shared/ beside the checkout: there a missing spec is a failure, not a skip.
      if (process.env.CI) throw new Error(`${SPEC_FILE} is missing`);
      context.skip(`${SPEC_FILE} is not beside this checkout`);
    }
    const { calls, hidden } = parseSpecCalls(readFileSync(SPEC_FILE, 'utf8'));
    expect(calls.map((call) => [call.method, call.path, ...call.query])).toEqual(
      SPEC_CALLS.map((call) => [...call]),
    );
    const inSection = (section: string) => hidden.filter((call) => call.section === section);
    expect(inSection('Manage organization users')).toHaveLength(HIDDEN_CALLS.manageUsers);
    expect(inSection('L2 provider management')).toHaveLength(HIDDEN_CALLS.l2Management);
    expect(hidden).toHaveLength(HIDDEN_CALLS.manageUsers + HIDDEN_CALLS.l2Management);
  });

  it('marks every call not in the spec as our design, with the reason', () => {
    const listed = new Set(SPEC_CALLS.map(([method, path]) => `${method} ${path}`));
    for (const endpoint of ENDPOINTS) {
      if (listed.has(`${endpoint.method} ${endpoint.path}`)) continue;
      expect(['spec-hidden', 'design'], endpoint.id).toContain(endpoint.origin);
      expect(endpoint.designNote, endpoint.id).toBeTruthy();
    }
  });
});

describe('each declaration is sound', () => {
  it('has a unique id and a unique method and path', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ENDPOINTS.map(
      (endpoint) => `${endpoint.method} /${endpoint.path.replace(/^\//, '')}`,
    );
    expect(new Set(routes).size).toBe(routes.length);
    for (const [id, endpoint] of Object.entries(CONTRACT)) expect(endpoint.id).toBe(id);
  });

  it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: path placeholders and path parameters are the same names',
    (_, endpoint) => {
      expect(fieldsOf(endpoint.params).sort()).toEqual(pathParameterNames(endpoint.path).sort());
    },
  );

  it('has a body only on POST, and a page base on every paged call', () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.method === 'GET') expect(endpoint.body, endpoint.id).toBeUndefined();
      const fields = [...fieldsOf(endpoint.params), ...fieldsOf(endpoint.body)];
      const paged = fields.includes('pageNumber') || fields.includes('page');
      expect(endpoint.pageBase !== undefined, `${endpoint.id} pageBase`).toBe(paged);
    }
  });

  it('refuses a page before the first of every paged body (issue 43: page 0 answered 500)', () => {
    for (const endpoint of ENDPOINTS) {
      const { body } = endpoint;
      if (!endpoint.pageBase || !(body instanceof z.ZodObject) || !('pageNumber' in body.shape))
        continue;
      const first = endpoint.pageBase === 'one' ? 1 : 0;
      const pageNumber = body.shape.pageNumber as z.ZodType;
      expect(pageNumber.safeParse(first).success, endpoint.id).toBe(true);
      expect(pageNumber.safeParse(first - 1).success, endpoint.id).toBe(false);
    }
  });

  it('sends the spec’s zero-based pages only on the few calls we chose', () => {
    const zeroBased = ENDPOINTS.filter((endpoint) => endpoint.pageBase === 'zero').map(
      (endpoint) => endpoint.id,
    );
    expect(zeroBased.sort()).toEqual(['l2RequestsGrid', 'myTransactions', 'orgEsignTransactions']);
  });

  it('names one tenant and declares every other id an organization or provider call carries (issue 13)', () => {
    const tenantField = /^(org(anization)?Sl[Nn]o|sipSl[Nn]o|sipId|l1SipId)$/;
    const recordField = /(Sl[Nn]o|SipId|OrgId|requestId|^id)$/;
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.access === 'session')) {
      const carried = [
        ...fieldsOf(endpoint.params).map((field) => ['path', field] as const),
        ...fieldsOf(endpoint.query).map((field) => ['query', field] as const),
        ...fieldsOf(endpoint.body).map((field) => ['body', field] as const),
      ];
      const declared = [...(endpoint.tenant ? [endpoint.tenant] : []), ...(endpoint.records ?? [])];
      for (const [where, field] of carried) {
        // Calls about the caller alone check their own ids (a device, a payment) in the handler.
        const isRecord = endpoint.tenant !== undefined && recordField.test(field);
        if (!tenantField.test(field) && !isRecord) continue;
        const isDeclared = declared.some((entry) => entry.in === where && entry.field === field);
        // Catalogue ids (a plan) are the same for everyone, not a tenant's records.
        const isCatalogueId = endpoint.id === 'l1PlanDetails' || field === 'planId';
        expect(
          isDeclared || isCatalogueId,
          `${endpoint.id} ${where}.${field} is not declared`,
        ).toBe(true);
      }
      for (const entry of declared) {
        const schema = { path: endpoint.params, query: endpoint.query, body: endpoint.body }[
          entry.in
        ];
        expect(fieldsOf(schema), `${endpoint.id} ${entry.field}`).toContain(entry.field);
      }
      // A call about the caller alone carries no records either.
      if (!endpoint.tenant) expect(endpoint.records ?? [], endpoint.id).toEqual([]);
    }
  });

  it('needs a session for everything but sign-in, reference data, plans, translations, contact, pre-enrolment, the certificate repository, the signer’s approval page and the verify page (with the transaction a stamp’s QR code names)', () => {
    const publicIds = ENDPOINTS.filter((endpoint) => endpoint.access === 'public').map(
      (endpoint) => endpoint.id,
    );
    expect(publicIds.sort()).toEqual(
      [
        'calendarMonths',
        'captchaChallenge',
        'certificateProducts',
        'certificateRepository',
        'cities',
        'commonEsignPlans',
        'contactUs',
        'countries',
        'credentialsLoginInitiate',
        'credentialsVerifyOtp',
        'completeInvitation',
        'enrolmentNafathVerify',
        'enrolmentProviders',
        'esignApproval',
        'esignApprovalDocument',
        'invitationDetails',
        'invitationNafathVerify',
        'nafathEnrollmentInitiate',
        'nafathEnrollmentVerify',
        'nafathLoginInitiate',
        'nafathLoginVerify',
        'openInvitation',
        'recaptchaClientKey',
        'refresh',
        'states',
        'translations',
        'vat',
        'verifyApplicationEmail',
        'verifySignedPdf',
        'verifyTransaction',
      ].sort(),
    );
    // The application's own calls need its secret instead of a session.
    expect(
      ENDPOINTS.filter((endpoint) => endpoint.access === 'applicant')
        .map((endpoint) => endpoint.id)
        .sort(),
    ).toEqual(
      [
        'applicationPaymentStatus',
        'myApplication',
        'payApplicationFee',
        'removeApplicationDocument',
        'resendApplicationEmail',
        'saveApplication',
        'submitApplication',
        'uploadApplicationDocument',
      ].sort(),
    );
  });

  it('saves each export under a file name of the spec (SPEC §9), each spec export its own', () => {
    const exports = ENDPOINTS.flatMap((endpoint) =>
      endpoint.answer.kind === 'blob' && endpoint.answer.fileName.endsWith('.xlsx')
        ? [{ origin: endpoint.origin, fileName: endpoint.answer.fileName }]
        : [],
    );
    const ofSpec = exports
      .filter((entry) => entry.origin !== 'design')
      .map((entry) => entry.fileName);
    expect(ofSpec.sort()).toEqual(Object.values(EXPORT_FILE_NAMES).sort());
    expect(new Set(ofSpec).size).toBe(ofSpec.length);
    // Ours (design calls) stay few, and use the spec's name for what they export; the change
    // requests and the DSC report, which the spec names no file for, have their own.
    expect(
      exports
        .filter((entry) => entry.origin === 'design')
        .map((entry) => entry.fileName)
        .sort(),
    ).toEqual(
      [EXPORT_FILE_NAMES.esignTransactions, CHANGE_REQUESTS_FILE_NAME, DSC_REPORT_FILE_NAME].sort(),
    );
  });

  it('refuses unknown fields in every request (strict objects)', () => {
    for (const endpoint of ENDPOINTS) {
      for (const schema of [endpoint.params, endpoint.query, endpoint.body]) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
          additionalProperties?: unknown;
        };
        expect(json.additionalProperties, endpoint.id).toBe(false);
      }
    }
  });
});

/**
 * A person's digital signature certificates (SPEC §2 `dsc/buy`, `dsc/manage`; issue 18): bought
 * like a plan; paying opens a request (`openCertificateRequest`, from the payments path's settle);
 * the browser sends a PKCS#10 request made with its own new key; the holder accepts the
 * subscriber agreement and approves in the identity app, and the certificate is issued in that
 * step. Revoking asks the identity app again.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  REVOCATION_REASONS,
  SUBSCRIBER_AGREEMENT_VERSION,
  maskNationalId,
  toSar,
  type CertificateRequestStatus,
  type CertificateState,
  type Language,
} from '@tawqi/domain';
import { inTransaction, type Queryable } from '../../db/pool.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { requireCaller } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { recordAcceptance, requireCurrentAgreement } from '../agreements.js';
import { nationalIdOf } from '../auth/handlers.js';
import { initiate, verify } from '../auth/identityApp.js';
import { planAmounts } from '../individual/plans.js';
import { notifyOtherAdmins, notifyPerson } from '../notices.js';
import type { Fulfil } from '../payments/fulfilment.js';
import { checkout, type PaymentDeps } from '../payments/handlers.js';
import { inLanguage, localWord } from '../words.js';
import { checkCsr, type CsrProblem } from './csr.js';
import { debianWeakKeysOf, type BreakableKey } from './weakKeys.js';
import { CERTIFICATE_POLICIES, KEY_USAGE_NAMES, PKI_PATHS } from './profiles.js';
import * as x509 from './x509.js';

type Words = Record<Language, string>;

const MESSAGES = {
  unreadable: {
    en: 'The certificate request could not be read. Start again to make a new key.',
    ar: 'تعذّرت قراءة طلب الشهادة. ابدأ من جديد لإنشاء مفتاح جديد.',
  },
  badSignature: {
    en: 'The certificate request is not signed by its own key. Start again to make a new key.',
    ar: 'طلب الشهادة غير موقّع بمفتاحه. ابدأ من جديد لإنشاء مفتاح جديد.',
  },
  weakKey: {
    en: 'This key is too weak. Use an RSA key of 2048 bits or more, or an ECDSA P-256 key.',
    ar: 'هذا المفتاح ضعيف. استخدم مفتاح RSA بطول 2048 بت أو أكثر، أو مفتاح ECDSA P-256.',
  },
  breakableKey: {
    en: 'This key can be broken: the program that made it has a known flaw (primes too close together, the ROCA fault, or Debian’s weak keys). Make a new key in an up-to-date browser.',
    ar: 'يمكن كسر هذا المفتاح: في البرنامج الذي أنشأه خلل معروف (عددان أوليان متقاربان جدًا، أو ثغرة ROCA، أو مفاتيح Debian الضعيفة). أنشئ مفتاحًا جديدًا في متصفح محدَّث.',
  },
  weakHash: {
    en: 'The certificate request is signed with a weak hash. Use SHA-256 or stronger.',
    ar: 'طلب الشهادة موقّع بدالة تجزئة ضعيفة. استخدم SHA-256 أو أقوى.',
  },
  keyUsed: {
    en: 'This key already has a certificate. Make a new key for a new certificate.',
    ar: 'لهذا المفتاح شهادة من قبل. أنشئ مفتاحًا جديدًا للشهادة الجديدة.',
  },
  wrongStep: {
    en: 'This request is not waiting for that step. Reload the page to see where it stands.',
    ar: 'هذا الطلب لا ينتظر هذه الخطوة. أعد تحميل الصفحة لترى حالته.',
  },
  notAgreed: {
    en: 'Accept the subscriber agreement before confirming.',
    ar: 'وافق على اتفاقية المشترك قبل التأكيد.',
  },
  notRevocable: {
    en: 'This certificate is already revoked.',
    ar: 'هذه الشهادة ملغاة من قبل.',
  },
} as const satisfies Record<CsrProblem, Words> & Record<string, Words>;

/** What the organization's other enrolment admins are told when a request awaits them. */
const AWAITING_APPROVAL = {
  title: { en: 'A certificate request awaits you', ar: 'طلب شهادة بانتظارك' },
  body: {
    en: 'A member asked for a certificate bound to the organization. Review it under Approvals.',
    ar: 'طلب أحد الأعضاء شهادة مرتبطة بالمنشأة. راجعه في الموافقات.',
  },
};

const refuse = (status: number, words: Words) =>
  new AppError(status, status === 422 ? 'VALIDATION_FAILED' : 'CONFLICT', { localized: words });

/** Opens the request a paid certificate order gives (once per order). */
export async function openCertificateRequest(
  tx: Queryable,
  request: { userSlno: number; productSlno: number; orderSlno: number; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO certificate_requests (reference, user_slno, product_slno, order_slno, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'keyPending', $5, $5) ON CONFLICT (order_slno) DO NOTHING`,
    [
      `DSC-${randomBytes(9).toString('base64url')}`,
      request.userSlno,
      request.productSlno,
      request.orderSlno,
      request.now,
    ],
  );
}

interface RequestRow {
  request_slno: number;
  user_slno: number;
  reference: string;
  status: CertificateRequestStatus;
  created_at: Date;
  key_algorithm: string | null;
  certificate_serial: string | null;
  remarks: string | null;
  csr_der: Buffer | null;
  acceptance_slno: number | null;
  name_en: string;
  name_ar: string;
  validity_months: number;
  class: string;
  /** A certificate bound to an organization: which, as it is named and registered. */
  org_slno: number | null;
  org_name_en: string | null;
  org_name_ar: string | null;
  cr_number: string | null;
  /** Whom the product's certificates name: a person, or the organization itself (its seal). */
  product_subject: 'person' | 'organization';
}

const REQUEST_COLUMNS = `r.request_slno, r.user_slno, r.reference, r.status, r.created_at, r.key_algorithm, r.certificate_serial,
  r.remarks, r.csr_der, r.acceptance_slno, p.name_en, p.name_ar, p.validity_months, p.class,
  r.org_slno, o.name_en AS org_name_en, o.name_ar AS org_name_ar, o.cr_number, p.subject AS product_subject`;

/** The requests with their product and, for an organization's, the organization. */
const REQUEST_FROM = `certificate_requests r JOIN certificate_products p USING (product_slno)
  LEFT JOIN organizations o ON o.org_slno = r.org_slno`;

const fingerprint = (der: ArrayBuffer | Uint8Array) =>
  createHash('sha256').update(new Uint8Array(der)).digest('hex').toUpperCase();

/** The first value of a name attribute ("CN"), as the certificate says it. */
function nameValue(name: x509.Name, type: string): string {
  return name.getField(type)[0] ?? name.toString();
}

/**
 * An OID in dotted decimals. asn1js writes an arc above 2^53 (our policies' UUID arc, 2.25.…) as
 * `{hex}`, its base-128 digits a byte each: read back to the number here.
 */
export function dottedOid(oid: string): string {
  return oid.replace(/\{([0-9a-f]+)\}/gi, (_match, hex: string) => {
    let value = 0n;
    for (let index = 0; index < hex.length; index += 2)
      value = value * 128n + BigInt(parseInt(hex.slice(index, index + 2), 16));
    return value.toString();
  });
}

/** SPEC §3's "Certificate" fields of a certificate, read from the certificate itself. */
export function certificateFields(der: Uint8Array<ArrayBuffer>) {
  const certificate = new x509.X509Certificate(der);
  const usage = certificate.getExtension(x509.KeyUsagesExtension)?.usages ?? 0;
  const purposes = certificate.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? [];
  const serial = certificate.serialNumber.toUpperCase();
  return {
    issuedBy: nameValue(certificate.issuerName, 'CN'),
    issuedTo: nameValue(certificate.subjectName, 'CN'),
    validFrom: certificate.notBefore.toISOString(),
    validTo: certificate.notAfter.toISOString(),
    isDocumentSigner: purposes.includes('1.3.6.1.5.5.7.3.36'),
    serialNumberHex: serial,
    serialNumberDecimal: BigInt(`0x${serial}`).toString(10),
    keyUsage: KEY_USAGE_NAMES.filter(([flag]) => (usage & flag) !== 0).map(([, word]) => word),
    subject: certificate.subject,
    policies: (certificate.getExtension(x509.CertificatePolicyExtension)?.policies ?? []).map(
      dottedOid,
    ),
    fingerprintSha256: fingerprint(der),
  };
}

/** A request as the contract gives it, in the caller's language. */
export const requestAnswer = (row: RequestRow, language: Language) => ({
  reference: row.reference,
  productName: inLanguage(row.name_en, row.name_ar, language),
  validityMonths: row.validity_months,
  status: row.status,
  statusLabel: localWord(row.status, language),
  createdDate: row.created_at.toISOString(),
  keyAlgorithm: row.key_algorithm,
  certificateSerial: row.certificate_serial,
  remarks: row.remarks,
  organizationName:
    row.org_name_en === null ? null : inLanguage(row.org_name_en, row.org_name_ar ?? '', language),
});

/** The request of `reference`, locked in `tx`, where `condition` ($2) holds; else not found. */
export async function lockedRequest(
  tx: Queryable,
  reference: string,
  condition: string,
  value: number,
): Promise<RequestRow> {
  const [row] = (
    await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r.reference = $1 AND ${condition} FOR UPDATE OF r`,
      [reference, value],
    )
  ).rows;
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

export function certificateHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  const origin = deps.config.publicOrigin;

  /** The caller's own request, locked in `tx`; another's is not found. */
  const ownRequest = (tx: Queryable, userSlno: number, reference: string) =>
    lockedRequest(tx, reference, 'r.user_slno = $2', userSlno);

  /** The caller's own certificate (issued to them); another's is not found. */
  const ownCertificate = async (userSlno: number, serial: string) => {
    const [row] = (
      await pool.query<{ status: string }>(
        "SELECT status FROM certificates WHERE serial = $1 AND user_slno = $2 AND kind = 'subscriber'",
        [serial, userSlno],
      )
    ).rows;
    if (!row) throw new AppError(404, 'NOT_FOUND');
    if (row.status === 'revoked') throw refuse(409, MESSAGES.notRevocable);
  };

  return {
    certificateProducts: async ({ language }) => {
      const { rows } = await pool.query<{
        product_slno: number;
        code: string;
        name_en: string;
        name_ar: string;
        class: 'individual' | 'organization';
        validity_months: number;
        price_halalas: string;
      }>(
        `SELECT product_slno, code, name_en, name_ar, class, validity_months, price_halalas
           FROM certificate_products WHERE is_active AND class = 'individual' ORDER BY validity_months`,
      );
      return {
        dataList: rows.map((row) => {
          const amounts = planAmounts(deps, Number(row.price_halalas));
          return {
            productSlno: row.product_slno,
            code: row.code,
            name: inLanguage(row.name_en, row.name_ar, language),
            class: row.class,
            validityMonths: row.validity_months,
            price: toSar(amounts.price),
            tax: toSar(amounts.tax),
            totalPrice: toSar(amounts.totalPrice),
          };
        }),
        vat: deps.config.VAT_PERCENT,
      };
    },

    certificateRepository: () => {
      const { root } = deps.authority;
      const authority = (
        role: 'root' | 'issuing',
        certificate: x509.X509Certificate,
        path: string,
      ) => ({
        role,
        subject: certificate.subject,
        serialNumberHex: certificate.serialNumber.toUpperCase(),
        validFrom: certificate.notBefore.toISOString(),
        validTo: certificate.notAfter.toISOString(),
        fingerprintSha256: fingerprint(certificate.rawData),
        url: origin + path,
        der: Buffer.from(certificate.rawData).toString('base64'),
      });
      // The current issuing CA first, then older generations whose certificates still live.
      const generations = [...deps.authority.generations()].reverse();
      return Promise.resolve({
        authorities: [
          authority('root', root, PKI_PATHS.root),
          ...generations.map((generation) =>
            authority('issuing', generation.certificate, generation.paths.certificate),
          ),
        ],
        crlUrl: origin + (generations[0]?.paths.crl ?? PKI_PATHS.crl),
        arlUrl: origin + PKI_PATHS.arl,
        ocspUrl: origin + PKI_PATHS.ocsp,
        tsaUrl: origin + PKI_PATHS.tsa,
        policies: Object.entries(CERTIFICATE_POLICIES).map(([level, oid]) => ({ oid, level })),
      });
    },

    buyCertificate: async ({ caller, input, request, audit }) => {
      const { userSlno } = requireCaller(caller);
      const [product] = (
        await pool.query<{ price_halalas: string; name_en: string; name_ar: string }>(
          "SELECT price_halalas, name_en, name_ar FROM certificate_products WHERE product_slno = $1 AND is_active AND class = 'individual'",
          [input.body.productSlno],
        )
      ).rows;
      if (!product) throw new AppError(404, 'NOT_FOUND');
      return checkout(deps, audit, String(request.headers['idempotency-key']), {
        owner: { kind: 'person', userSlno },
        category: 'certificate',
        planSlno: null,
        certificateProductSlno: input.body.productSlno,
        quantity: 1,
        amounts: planAmounts(deps, Number(product.price_halalas)),
        lines: [],
        item: { en: product.name_en, ar: product.name_ar },
      });
    },

    myCertificateRequests: async ({ caller, language }) => {
      const { userSlno } = requireCaller(caller);
      const { rows } = await pool.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
          WHERE r.user_slno = $1 AND r.status NOT IN ('issued', 'cancelled')
          ORDER BY r.created_at DESC, r.request_slno DESC LIMIT 50`,
        [userSlno],
      );
      return { dataList: rows.map((row) => requestAnswer(row, language)) };
    },

    submitCertificateKey: async ({ caller, input, language, audit }) => {
      const { userSlno } = requireCaller(caller);
      let flaw: BreakableKey | undefined;
      const checked = await checkCsr(input.body.csr, {
        debianWeakKeys: debianWeakKeysOf(deps.config.WEAK_KEY_LISTS),
        onBreakable: (found) => {
          flaw = found;
        },
      });
      if (flaw)
        // An attempt an auditor wants to see, with the flaw the person is not told in detail.
        await deps.audit.record(pool, audit, {
          action: 'certificate.key-refused',
          outcome: 'denied',
          target: input.params.reference,
          detail: { flaw },
        });
      if (typeof checked === 'string') throw refuse(422, MESSAGES[checked]);
      const row = await inTransaction(pool, async (tx) => {
        const current = await ownRequest(tx, userSlno, input.params.reference);
        // A key may be replaced until the certificate is issued (a tab closed before confirming).
        if (current.status !== 'keyPending' && current.status !== 'confirmationPending')
          throw refuse(409, MESSAGES.wrongStep);
        const used = await tx.query(
          `SELECT 1 FROM certificates WHERE spki_sha256 = $1 AND kind = 'subscriber'
           UNION ALL
           SELECT 1 FROM certificate_requests WHERE spki_sha256 = $1 AND request_slno <> $2
              AND status NOT IN ('rejected', 'cancelled')`,
          [checked.spkiSha256, current.request_slno],
        );
        if ((used.rowCount ?? 0) > 0) throw refuse(409, MESSAGES.keyUsed);
        // An organization's certificate waits for its enrolment admin first (a key replaced
        // after the approval keeps it: what was approved is the person and the organization).
        const next =
          current.org_slno !== null && current.status === 'keyPending'
            ? 'approvalPending'
            : 'confirmationPending';
        await tx.query(
          `UPDATE certificate_requests SET csr_der = $2, spki_sha256 = $3, key_algorithm = $4,
                  status = $6, acceptance_slno = NULL, updated_at = $5
            WHERE request_slno = $1`,
          [
            current.request_slno,
            checked.der,
            checked.spkiSha256,
            checked.keyAlgorithm,
            deps.clock(),
            next,
          ],
        );
        if (next === 'approvalPending' && current.org_slno !== null)
          await notifyOtherAdmins(tx, current.org_slno, userSlno, AWAITING_APPROVAL, deps.clock());
        await deps.audit.record(tx, audit, {
          action: 'approval.requested',
          target: current.reference,
          detail: { kind: 'certificate', keyAlgorithm: checked.keyAlgorithm },
        });
        return ownRequest(tx, userSlno, input.params.reference);
      });
      return requestAnswer(row, language);
    },

    confirmCertificateInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      requireCurrentAgreement(context.input.body.agreementVersion);
      await inTransaction(pool, async (tx) => {
        const current = await ownRequest(tx, self.userSlno, context.input.params.reference);
        if (current.status !== 'confirmationPending') throw refuse(409, MESSAGES.wrongStep);
        const acceptance = await recordAcceptance(
          tx,
          context,
          { userSlno: self.userSlno },
          deps.clock(),
        );
        await tx.query(
          'UPDATE certificate_requests SET acceptance_slno = $2, updated_at = $3 WHERE request_slno = $1',
          [current.request_slno, acceptance, deps.clock()],
        );
      });
      return initiate(deps, context, 'certificate', self.nationalId, { userSlno: self.userSlno });
    },

    confirmCertificateVerify: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      const reference = context.input.params.reference;
      // Checked before the identity app is asked; checked again under the lock when issuing.
      await inTransaction(pool, async (tx) => {
        const current = await ownRequest(tx, self.userSlno, reference);
        if (current.status !== 'confirmationPending') throw refuse(409, MESSAGES.wrongStep);
        if (current.acceptance_slno === null) throw refuse(409, MESSAGES.notAgreed);
      });
      const answer = await verify(
        deps,
        context,
        'certificate',
        { nationalId: self.nationalId, transId: context.input.body.transId },
        (person) =>
          inTransaction(pool, async (tx) => {
            const current = await ownRequest(tx, self.userSlno, reference);
            if (current.status !== 'confirmationPending' || !current.csr_der)
              throw refuse(409, MESSAGES.wrongStep);
            const csr = new x509.Pkcs10CertificateRequest(new Uint8Array(current.csr_der));
            // Named as the identity app names the holder in this very approval.
            // An organization's names its signatory's organization and its registration.
            const organization =
              current.org_slno !== null &&
              current.org_name_en !== null &&
              current.cr_number !== null
                ? { name: current.org_name_en, crNumber: current.cr_number }
                : null;
            const seal = organization !== null && current.product_subject === 'organization';
            const certificate = await deps.authority.issue(tx, {
              publicKey: csr.publicKey,
              name: seal
                ? { seal: organization }
                : {
                    nameEnglish: person.fullNameEnglish,
                    nameArabic: person.fullNameArabic,
                    nationalId: person.nationalId,
                    ...(organization ? { organization } : {}),
                  },
              level: seal
                ? 'organizationSeal'
                : organization
                  ? 'organizationSignatory'
                  : 'identityApp',
              months: current.validity_months,
              userSlno: self.userSlno,
              orgSlno: current.org_slno,
              class: current.class,
            });
            const serial = certificate.serialNumber.toUpperCase();
            await tx.query(
              `UPDATE certificate_requests SET status = 'issued', certificate_serial = $2, updated_at = $3
                WHERE request_slno = $1`,
              [current.request_slno, serial, deps.clock()],
            );
            await deps.audit.record(tx, context.audit, {
              action: 'certificate.issued',
              target: serial,
              detail: {
                request: reference,
                holder: maskNationalId(person.nationalId),
                agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
              },
            });
            return { certificateSerial: serial };
          }),
      );
      return { certificateSerial: null, ...answer };
    },

    myCertificates: async ({ caller, language }) => {
      const { userSlno } = requireCaller(caller);
      const { rows } = await pool.query<{
        der: Buffer;
        status: string;
        not_after: Date;
        revoked_at: Date | null;
        class: string;
        name_en: string | null;
        name_ar: string | null;
      }>(
        `SELECT c.der, c.status, c.not_after, c.revoked_at, c.class, p.name_en, p.name_ar
           FROM certificates c
           LEFT JOIN certificate_requests r ON r.certificate_serial = c.serial
           LEFT JOIN certificate_products p USING (product_slno)
          WHERE c.user_slno = $1 AND c.kind = 'subscriber'
          ORDER BY c.created_at DESC LIMIT 100`,
        [userSlno],
      );
      const now = deps.clock();
      return {
        dataList: rows.map((row) => {
          const status: CertificateState =
            row.status === 'revoked' ? 'revoked' : row.not_after <= now ? 'expired' : 'valid';
          return {
            ...certificateFields(new Uint8Array(row.der)),
            class: row.class,
            status,
            statusLabel: localWord(status, language),
            productName: row.name_en ? inLanguage(row.name_en, row.name_ar ?? '', language) : '',
            revokedAt: row.revoked_at?.toISOString() ?? null,
            der: row.der.toString('base64'),
          };
        }),
      };
    },

    revokeCertificateInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      await ownCertificate(self.userSlno, context.input.params.serial);
      return initiate(deps, context, 'certificate', self.nationalId, { userSlno: self.userSlno });
    },

    revokeCertificateVerify: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      const { serial } = context.input.params;
      await ownCertificate(self.userSlno, serial);
      const answer = await verify(
        deps,
        context,
        'certificate',
        { nationalId: self.nationalId, transId: context.input.body.transId },
        () =>
          inTransaction(pool, async (tx) => {
            const reason = context.input.body.reason;
            const revoked = await deps.authority.revoke(tx, serial, REVOCATION_REASONS[reason]);
            if (!revoked) throw refuse(409, MESSAGES.notRevocable);
            await deps.audit.record(tx, context.audit, {
              action: 'certificate.revoked',
              target: serial,
              detail: { reason },
            });
            return { revokedAt: deps.clock().toISOString() };
          }),
      );
      return { revokedAt: null, ...answer };
    },
  };
}

/**
 * A certificate paid (payments' fulfilment of the certificate category, issue 37): the request the
 * browser's key is sent to, and a notice saying what to do next.
 */
export const fulfilCertificate: Fulfil = async (tx, order, { now }) => {
  const [bought] = (
    await tx.query<{ certificate_product_slno: number | null }>(
      'SELECT certificate_product_slno FROM orders WHERE order_slno = $1',
      [order.orderSlno],
    )
  ).rows;
  const productSlno = bought?.certificate_product_slno ?? null;
  if (order.userSlno === null || productSlno === null)
    throw new Error('a certificate order without its person or product');
  await openCertificateRequest(tx, {
    userSlno: order.userSlno,
    productSlno,
    orderSlno: order.orderSlno,
    now,
  });
  await notifyPerson(
    tx,
    order.userSlno,
    {
      title: { en: 'Certificate paid for', ar: 'تم دفع رسوم الشهادة' },
      body: {
        en: 'Make your key and confirm the request under My certificates to have it issued.',
        ar: 'أنشئ مفتاحك وأكّد الطلب في «شهاداتي» لإصدار الشهادة.',
      },
    },
    now,
  );
};

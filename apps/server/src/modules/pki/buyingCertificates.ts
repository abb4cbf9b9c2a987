/** Buying a person's certificate: the products on sale, the CA's repository, and the purchase. */
import { toSar } from '@tawqi/domain';
import type { Handlers } from '../../http/contractRoutes.js';
import { requireCaller } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { planAmounts } from '../individual/plans.js';
import { checkout, type PaymentDeps } from '../payments/handlers.js';
import { inLanguage } from '../words.js';
import { CERTIFICATE_POLICIES, PKI_PATHS } from './profiles.js';
import { fingerprint } from './requests.js';
import type * as x509 from './x509.js';

export function certificateBuyingHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  const origin = deps.config.publicOrigin;
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
  };
}

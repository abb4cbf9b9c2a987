/** Reference data, plans and the contact form (SPEC §7 "Reference data", "Subscription and plans"). */
import { randomInt } from 'node:crypto';
import { priceWithVat, toSar, vatRateBasisPoints } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { captchaOf, requireCaptcha } from '../captcha.js';
import { validityText } from '../individual/plans.js';
import { localWord } from '../words.js';

export function referenceHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  const captcha = captchaOf(deps);
  return {
    countries: async () => ({
      dataList: (
        await pool.query<{
          country_slno: number;
          name_en: string;
          name_ar: string;
          isd_code: string;
        }>('SELECT country_slno, name_en, name_ar, isd_code FROM countries ORDER BY country_slno')
      ).rows.map((row) => ({
        countrySlno: row.country_slno,
        countryNameEnglish: row.name_en,
        countryNameArabic: row.name_ar,
        isdCode: row.isd_code,
      })),
    }),
    states: async ({ input }) => ({
      dataList: (
        await pool.query<{ state_slno: number; name_en: string; name_ar: string }>(
          'SELECT state_slno, name_en, name_ar FROM regions WHERE country_slno = $1 ORDER BY state_slno',
          [input.params.id],
        )
      ).rows.map((row) => ({
        stateSlno: row.state_slno,
        stateNameEnglish: row.name_en,
        stateNameArabic: row.name_ar,
      })),
    }),
    cities: async ({ input }) => ({
      dataList: (
        await pool.query<{ city_slno: number; name_en: string; name_ar: string }>(
          'SELECT city_slno, name_en, name_ar FROM cities WHERE state_slno = $1 ORDER BY city_slno',
          [input.params.id],
        )
      ).rows.map((row) => ({
        citySlno: row.city_slno,
        cityNameEnglish: row.name_en,
        cityNameArabic: row.name_ar,
      })),
    }),
    calendarMonths: () => {
      const names = (locale: string) =>
        Array.from({ length: 12 }, (_, month) =>
          new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
            new Date(Date.UTC(2026, month, 1)),
          ),
        );
      const english = names('en-US-u-ca-gregory');
      const arabic = names('ar-SA-u-ca-gregory');
      return Promise.resolve({
        dataList: english.map((name, index) => ({
          monthNumber: index + 1,
          monthNameEnglish: name,
          monthNameArabic: arabic[index] ?? name,
        })),
      });
    },
    vat: () => Promise.resolve({ vat: deps.config.VAT_PERCENT }),
    commonEsignPlans: async ({ language }) => {
      const rate = vatRateBasisPoints(deps.config.VAT_PERCENT);
      const plans = await pool.query<{
        product_pricing_details_slno: number;
        plan_name: string;
        plan_name_ar: string;
        product_name: string;
        transaction_limit: number;
        validity_months: number;
        price_halalas: number;
      }>(
        'SELECT product_pricing_details_slno, plan_name, plan_name_ar, product_name, transaction_limit, validity_months, price_halalas FROM esign_plans WHERE is_active AND NOT is_welcome_pack ORDER BY price_halalas',
      );
      return {
        state: 200,
        responseMessage: null,
        vat: deps.config.VAT_PERCENT,
        planDetailsDTOList: plans.rows.map((plan) => {
          const amounts = priceWithVat(plan.price_halalas, rate);
          return {
            planName: language === 'ar' ? plan.plan_name_ar : plan.plan_name,
            productName: localWord(plan.product_name, language),
            transactionLimit: plan.transaction_limit,
            validity: validityText(plan.validity_months, language),
            price: toSar(amounts.price),
            tax: toSar(amounts.tax),
            totalPrice: toSar(amounts.totalPrice),
            productPricingDetailsSlno: plan.product_pricing_details_slno,
          };
        }),
      };
    },
    // A public form: a person's captcha answer first (modules/captcha.ts).
    contactUs: async ({ input, request }) => {
      await requireCaptcha(captcha, input.body.captchaToken, request.ip);
      const reference = `CU-${String(deps.clock().getUTCFullYear())}-${String(randomInt(100000, 1000000))}`;
      const body = input.body as {
        name: string;
        email: string;
        mobile?: string;
        subject: string;
        message: string;
      };
      await pool.query(
        'INSERT INTO contact_messages (reference_number, name, email, mobile, subject, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          reference,
          body.name,
          body.email,
          body.mobile ?? null,
          body.subject,
          body.message,
          deps.clock(),
        ],
      );
      return { status: '1', errorMessage: null, referenceNumber: reference };
    },
  };
}

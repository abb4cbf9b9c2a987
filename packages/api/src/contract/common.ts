/** Reference data, translations and the public contact form (SPEC §7 "Reference data", "Translations"). */
import { LANGUAGES, NAMESPACES } from '@tawqi/domain';
import { z } from 'zod';
import { defineEndpoint, json } from './endpoint.js';
import {
  city,
  country,
  email,
  listOf,
  mobile,
  month,
  region,
  requiredText,
  slno,
  statusAnswer,
  translationTree,
} from './schemas.js';

export const countries = defineEndpoint({
  id: 'countries',
  area: 'referenceData',
  method: 'GET',
  path: '/api/v1/common/countries',
  summary: 'Countries with their names in both languages and calling codes',
  origin: 'spec',
  access: 'public',
  answer: json(listOf(country)),
});

export const states = defineEndpoint({
  id: 'states',
  area: 'referenceData',
  method: 'POST',
  path: '/api/v1/common/states/{id}',
  summary: 'The regions (states) of a country',
  origin: 'spec',
  access: 'public',
  params: z.strictObject({ id: z.coerce.number().pipe(slno) }),
  answer: json(listOf(region)),
});

export const cities = defineEndpoint({
  id: 'cities',
  area: 'referenceData',
  method: 'POST',
  path: 'api/v1/common/cities/{id}',
  summary: 'The cities of a region',
  origin: 'spec',
  access: 'public',
  params: z.strictObject({ id: z.coerce.number().pipe(slno) }),
  answer: json(listOf(city)),
});

export const calendarMonths = defineEndpoint({
  id: 'calendarMonths',
  area: 'referenceData',
  method: 'GET',
  path: 'api/v1/common/calendar/months',
  summary: 'Month names in both languages',
  origin: 'spec',
  access: 'public',
  answer: json(listOf(month)),
});

export const vat = defineEndpoint({
  id: 'vat',
  area: 'referenceData',
  method: 'GET',
  path: '/api/v1/common/get/vat',
  summary: 'The VAT percentage (SPEC §9: fetched from the server)',
  origin: 'spec',
  access: 'public',
  answer: json(z.object({ vat: z.number().min(0).max(100) })),
});

export const recaptchaClientKey = defineEndpoint({
  id: 'recaptchaClientKey',
  area: 'referenceData',
  method: 'GET',
  path: '/api/v1/common/getRecaptchaClientKey',
  summary: 'The captcha client key, stored locally and fetched at start',
  origin: 'spec',
  access: 'public',
  designNote:
    'Ours: the answer also says which captcha the key is for — the embedded proof-of-work one ' +
    '(altcha: its challenges come from captchaChallenge) or Google reCAPTCHA (by configuration).',
  answer: json(z.object({ clientKey: z.string(), provider: z.enum(['altcha', 'recaptcha']) })),
});

export const translations = defineEndpoint({
  id: 'translations',
  area: 'translations',
  method: 'GET',
  path: '/locales/{lng}/{ns}.json',
  summary: 'One namespace of translation strings',
  origin: 'spec',
  access: 'public',
  params: z.strictObject({ lng: z.enum(LANGUAGES), ns: z.enum(NAMESPACES) }),
  answer: json(translationTree),
});

export const contactUs = defineEndpoint({
  id: 'contactUs',
  area: 'contact',
  method: 'POST',
  path: 'api/v1/common/contactUs',
  summary: 'Send a message from the public contact page',
  origin: 'design',
  designNote: 'The contact-us page has a form the server stores (issue: portal shell).',
  access: 'public',
  body: z.strictObject({
    name: requiredText(100),
    email,
    mobile: mobile.optional(),
    subject: requiredText(150),
    message: requiredText(2000),
    captchaToken: z.string().max(4000).optional(),
  }),
  answer: json(statusAnswer.extend({ referenceNumber: z.string().nullable() })),
});

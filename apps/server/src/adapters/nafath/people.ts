/**
 * The people the identity-app simulator knows: the demo identities as seeded, and for any other
 * valid national id a plausible person of its own — the same person every time for the same id
 * (names in Arabic and English, nationality, date of birth in the Gregorian and Hijri calendars).
 * Ids starting with 1 are citizens; 2, residents (Iqama).
 */
import { createHash } from 'node:crypto';
import type { NafathPerson } from './client.js';

const GIVEN = [
  ['Abdullah', 'عبدالله'],
  ['Faisal', 'فيصل'],
  ['Khalid', 'خالد'],
  ['Turki', 'تركي'],
  ['Omar', 'عمر'],
  ['Yousef', 'يوسف'],
  ['Reem', 'ريم'],
  ['Lama', 'لمى'],
  ['Haifa', 'هيفاء'],
  ['Amal', 'أمل'],
  ['Maha', 'مها'],
  ['Shahad', 'شهد'],
] as const;

const FATHERS = [
  ['Saad', 'سعد'],
  ['Nasser', 'ناصر'],
  ['Ibrahim', 'إبراهيم'],
  ['Sulaiman', 'سليمان'],
  ['Hamad', 'حمد'],
  ['Ali', 'علي'],
] as const;

const FAMILIES = [
  ['Al-Dosari', 'الدوسري'],
  ['Al-Shehri', 'الشهري'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Shammari', 'الشمري'],
  ['Al-Anazi', 'العنزي'],
  ['Al-Subaie', 'السبيعي'],
] as const;

/** A resident's nationality, as the identity app names it (each is a TERMS word too). */
export const RESIDENT_NATIONALITIES = [
  'Egypt',
  'Jordan',
  'Sudan',
  'Yemen',
  'Pakistan',
  'India',
] as const;

function pick<T>(list: readonly T[], byte: number): T {
  return list[byte % list.length] as T;
}

/** YYYY-MM-DD in the Umm al-Qura calendar, with Western digits (as the identity app sends dates). */
function hijri(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year').replace(/\D/g, '')}-${part('month')}-${part('day')}`;
}

/** The stable, plausible person of a national id. */
export function simulatedPerson(nationalId: string): NafathPerson {
  const digest = createHash('sha256').update(`tawqi-simulated-person:${nationalId}`).digest();
  const [givenEn, givenAr] = pick(GIVEN, digest[0] ?? 0);
  const [fatherEn, fatherAr] = pick(FATHERS, digest[1] ?? 0);
  const [familyEn, familyAr] = pick(FAMILIES, digest[2] ?? 0);
  // Born between 1960 and 2005.
  const born = new Date(Date.UTC(1960, 0, 1) + (digest.readUInt32BE(4) % (45 * 365)) * 86_400_000);
  return {
    nationalId,
    fullNameEnglish: `${givenEn} ${fatherEn} ${familyEn}`,
    fullNameArabic: `${givenAr} ${fatherAr} ${familyAr}`,
    nationality: nationalId.startsWith('2')
      ? pick(RESIDENT_NATIONALITIES, digest[3] ?? 0)
      : 'Saudi Arabia',
    dateOfBirth: born.toISOString().slice(0, 10),
    dateOfBirthHijri: hijri(born),
  };
}

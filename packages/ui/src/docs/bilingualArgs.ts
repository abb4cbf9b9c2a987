/**
 * A component story's content in both languages (issue 39: with the toolbar in Arabic, a story
 * flipped direction and built-in strings but kept its English labels). A story file writes its
 * English args once and their Arabic beside them; Storybook's preview swaps them in when the
 * toolbar's language is Arabic. An arg a story sets for itself (a long title, an error) is its own
 * and is left alone.
 */
import { UI_STRINGS, format, type UiStringKey } from '../provider/strings.js';

export interface ArgsInArabic {
  en: Record<string, unknown>;
  ar: Record<string, unknown>;
}

export function bilingualArgs<T extends Record<string, unknown>>(
  en: T,
  ar: { [K in keyof T]: T[K] },
): { args: T; argsInArabic: ArgsInArabic } {
  return { args: en, argsInArabic: { en, ar } };
}

/** The args to render in Arabic: each English default still in place becomes its Arabic. */
export function argsFor(
  args: Record<string, unknown>,
  { en, ar }: ArgsInArabic,
): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => {
    if (a === b) return true;
    try {
      return JSON.stringify(a) === JSON.stringify(b);
    } catch {
      return false;
    }
  };
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => [
      key,
      key in ar && same(value, en[key]) ? ar[key] : value,
    ]),
  );
}

/** What a play function is given that says the story's language and its texts. */
export interface StoryLanguageContext {
  globals: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

/** The Arabic written at the same place as `english` in the story's args, if any. */
function arabicBeside(en: unknown, ar: unknown, english: string): string | undefined {
  // An identifier the same in both (an option's value) is not its Arabic: look on.
  if (en === english) return typeof ar === 'string' && ar !== english ? ar : undefined;
  if (typeof en !== 'object' || en === null || typeof ar !== 'object' || ar === null) return;
  for (const [key, value] of Object.entries(en)) {
    const found = arabicBeside(value, (ar as Record<string, unknown>)[key], english);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The words a play function looks for, in the language the toolbar gave the story (a play that
 * looked for "Buy plan" failed on the Arabic button "شراء الباقة"): the story's own texts, the
 * components' built-in words and numbers as the provider formats them.
 */
export function storyWords(context: StoryLanguageContext) {
  const language: 'ar' | 'en' = context.globals.language === 'ar' ? 'ar' : 'en';
  const numbers = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-US');
  const number = (value: number) => numbers.format(value);
  /** An amount as a component shows it, its spaces as a text match reads them. */
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
    })
      .format(amount)
      .replace(/\s+/g, ' ');
  return {
    language,
    number,
    money,
    /** The arrow keys that move forward and back in the story's direction (user-event's names). */
    forward: language === 'ar' ? '{ArrowLeft}' : '{ArrowRight}',
    back: language === 'ar' ? '{ArrowRight}' : '{ArrowLeft}',
    /** One of the story's English args as the story shows it. */
    text: (english: string): string => {
      if (language === 'en') return english;
      const bilingual = context.parameters.argsInArabic as ArgsInArabic | undefined;
      const arabic = bilingual && arabicBeside(bilingual.en, bilingual.ar, english);
      if (arabic === undefined) throw new Error(`the story has no Arabic for “${english}”`);
      return arabic;
    },
    /** Any English word the story shows: one of its own texts, else a component's own word. */
    say: (english: string): string => {
      if (language === 'en') return english;
      const bilingual = context.parameters.argsInArabic as ArgsInArabic | undefined;
      const own = bilingual && arabicBeside(bilingual.en, bilingual.ar, english);
      const builtIn = Object.entries(UI_STRINGS.en).find(([, word]) => word === english)?.[0];
      const arabic = own ?? (builtIn && UI_STRINGS.ar[builtIn as UiStringKey]);
      if (arabic === undefined) throw new Error(`the story has no Arabic for “${english}”`);
      return arabic;
    },
    /** A component's own word, its numbers formatted: ui('rowsOf', { first: 1, … }). */
    ui: (key: UiStringKey, values?: Record<string, string | number>): string => {
      const template = UI_STRINGS[language][key];
      if (!values) return template;
      return format(
        template,
        Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'number' ? number(value) : value,
          ]),
        ),
      );
    },
  };
}

/**
 * A story's rendered content in the toolbar's language, for a story that draws its own markup
 * (`render`) rather than taking args: `render: (_, context) => inLanguage(context, <A/>, <B/>)`.
 * Every story follows the toolbar; only a story about the Arabic layout itself (RTL, LongArabic)
 * fixes Arabic, so the story tests, which run each story once, also run it in Arabic.
 */
export function inLanguage<T>(context: { globals: Record<string, unknown> }, en: T, ar: T): T {
  return context.globals.language === 'ar' ? ar : en;
}

/**
 * A story's own args in both languages, beside the file's (Storybook merges the story's
 * parameters into the file's): `{ ...storyArgs({ children: 'Cancel' }, { children: 'إلغاء' }) }`.
 */
export function storyArgs<const T extends Record<string, unknown>>(
  en: T,
  ar: { [K in keyof T]: unknown },
): { args: T; parameters: { argsInArabic: ArgsInArabic } } {
  return { args: en, parameters: { argsInArabic: { en, ar } } };
}

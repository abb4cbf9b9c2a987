/**
 * A component story's content in both languages (issue 39: with the toolbar in Arabic, a story
 * flipped direction and built-in strings but kept its English labels). A story file writes its
 * English args once and their Arabic beside them; Storybook's preview swaps them in when the
 * toolbar's language is Arabic. An arg a story sets for itself (a long title, an error) is its own
 * and is left alone.
 */
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

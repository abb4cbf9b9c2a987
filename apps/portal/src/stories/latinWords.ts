/**
 * Arabic done right (issue 12, issue 20): on an Arabic page no Latin-script word and no ASCII digit
 * shows, except in text marked as not to be translated (ids, codes, addresses, names an
 * application chose: the portal's `Verbatim`), in text marked as another language (`lang`), the
 * brand names given, and a reference code as issued inside a sentence ("سجّل التحويل PO-000031":
 * capitals, then groups of three or more digits).
 *
 * Self-contained (no imports, no outer names): the end-to-end tests hand it to the browser
 * (Playwright's `locator.evaluate`), the stories call it in place.
 */
export function latinWordsIn(
  root: Element,
  brandNames: readonly string[],
  /** Elements not read here (a story: the announcements earlier stories left behind). */
  skip = 'script',
): string[] {
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element?.checkVisibility()) continue;
    if (element.closest(`[translate="no"], script, style, ${skip}`)) continue;
    const language = element.closest('[lang]')?.getAttribute('lang') ?? '';
    if (!language.startsWith('ar')) continue;
    for (const word of (node.textContent ?? '').match(/[A-Za-z0-9][\w.@'-]*/g) ?? [])
      if (!brandNames.includes(word) && !/^[A-Z]{1,5}(-?[0-9]{3,})+$/.test(word))
        found.push(`${word} (in ${element.tagName.toLowerCase()})`);
  }
  return [...new Set(found)];
}

/** Product and file-format names written in Latin script in Arabic too. */
export const BRAND_NAMES: readonly string[] = ['Excel', 'PDF', 'PNG', 'JPEG'];

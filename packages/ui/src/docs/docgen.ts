/**
 * What a component's props table lists (Storybook's docs pages, read with react-docgen-typescript;
 * test/propsTables.test.ts holds every component to it): all its props, ours and those it takes
 * from React Aria (`href`, `isPending`, `onPress`… with React Aria's own descriptions), but not
 * the ones every element has (DOM events, global attributes, render and slot props), which would
 * bury them. Union types become choices (a select), not a JSON box.
 */
export const EVERY_ELEMENT_HAS: ReadonlySet<string> = new Set([
  'GlobalDOMEvents',
  'GlobalDOMAttributes',
  'DOMRenderProps',
  'PossibleLinkDOMRenderProps',
  'SlotProps',
  'RenderProps',
  'StyleRenderProps',
]);

interface DocgenProp {
  name: string;
  parent?: { name: string; fileName: string };
}

export function isDocumentedProp(prop: DocgenProp): boolean {
  return !(prop.parent && EVERY_ELEMENT_HAS.has(prop.parent.name));
}

/** The options of react-docgen-typescript, for Storybook and for the test. */
export const DOCGEN_OPTIONS = {
  shouldRemoveUndefinedFromOptional: true,
  shouldExtractLiteralValuesFromEnum: true,
  propFilter: isDocumentedProp,
};

/**
 * What a PDF would do or carry beyond what it shows, which a signer cannot see and so cannot sign
 * for: scripts, actions that launch programs or open files and addresses on their own, embedded
 * files, rich media, XFA forms, and bytes outside the PDF's own structure (a PDF that is also a
 * ZIP, say). Read from the parsed document — every object reachable from its catalog, so names
 * written with escapes or hidden in compressed object streams are seen as a viewer sees them —
 * and from the bytes after its last end-of-file mark.
 */
import type { PDF } from '@libpdf/core';

/**
 * Actions that run something, bring data in or send it out, open an embedded file, play media,
 * or change what is shown (optional content). A link to a web address or another file acts only
 * when clicked and changes nothing shown: it stays.
 */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'GoToE',
  'Rendition',
  'Sound',
  'Movie',
  'RichMediaExecute',
  'SetOCGState',
]);
/** Annotations that play or carry something. */
const ACTIVE_ANNOTATIONS = new Set([
  'RichMedia',
  'Screen',
  'Movie',
  'Sound',
  'FileAttachment',
  '3D',
]);

interface Node {
  type: string;
}
type Dict = Node & Iterable<[{ value: string }, Node]> & { get: (key: string) => Node | undefined };

const nameOf = (node: Node | undefined) =>
  node?.type === 'name' ? (node as unknown as { value: string }).value : undefined;

/** What in the dictionary is active, by its keys and their names; null when nothing is. */
function activeIn(dict: Dict): string | null {
  const action = nameOf(dict.get('S'));
  if (action && ACTIVE_ACTIONS.has(action)) return `a ${action} action`;
  if (dict.get('JS')) return 'JavaScript';
  if (dict.get('AA')) return 'actions run on events (AA)';
  if (dict.get('XFA')) return 'an XFA form';
  if (dict.get('EmbeddedFiles') || dict.get('EF')) return 'embedded files';
  const subtype = nameOf(dict.get('Subtype'));
  if (nameOf(dict.get('Type')) === 'Annot' || dict.get('Rect')) {
    if (subtype && ACTIVE_ANNOTATIONS.has(subtype)) return `a ${subtype} annotation`;
  }
  if (nameOf(dict.get('Type')) === 'EmbeddedFile') return 'embedded files';
  return null;
}

/**
 * The first active thing reachable from the document's catalog, named for the signer (`null`
 * when there is none). Visits at most `maxObjects` objects: past that, the file is refused as
 * too complex by the caller's limits first.
 */
export function activeContentOf(document: PDF, maxObjects: number): string | null {
  const seen = new Set<number>();
  const stack: Node[] = [document.getCatalog()];
  let visited = 0;
  while (stack.length > 0) {
    let node = stack.pop();
    if (node?.type === 'ref') {
      const { objectNumber } = node as unknown as { objectNumber: number };
      if (seen.has(objectNumber) || (visited += 1) > maxObjects) continue;
      seen.add(objectNumber);
      node = document.getObject(node as never) ?? undefined;
    }
    if (!node) continue;
    if (node.type === 'array')
      stack.push(...(node as unknown as { toArray: () => Node[] }).toArray());
    else if (node.type === 'dict' || node.type === 'stream') {
      const found = activeIn(node as Dict);
      if (found) return found;
      for (const [key, value] of node as Dict)
        // A page's parent points back up the tree: the pages are reached from the catalog.
        if (key.value !== 'Parent' && key.value !== 'P') stack.push(value);
    }
  }
  return null;
}

/** Whether bytes follow the last end-of-file mark (other than line ends and spaces). */
export function bytesAfterEnd(pdf: Buffer): boolean {
  const end = pdf.lastIndexOf('%%EOF');
  return end < 0 || /[^\r\n\t \0]/.test(pdf.subarray(end + 5).toString('latin1'));
}

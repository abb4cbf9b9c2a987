/**
 * What a PDF would do or carry beyond what it shows, which a signer cannot see and so cannot sign
 * for: scripts, actions that launch programs or open files and addresses on their own, embedded
 * files, rich media, XFA forms, and bytes outside the PDF's own structure (a PDF that is also a
 * ZIP, say). Read from the parsed document — every object reachable from its catalog, so names
 * written with escapes or hidden in compressed object streams are seen as a viewer sees them —
 * and from the bytes after its last end-of-file mark.
 */
import type { PDF, PdfDict, PdfObject } from '@libpdf/core';

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

/** What in the dictionary is active, by its keys and their names; null when nothing is. */
function activeIn(dict: PdfDict): string | null {
  const action = dict.getName('S')?.value;
  if (action && ACTIVE_ACTIONS.has(action)) return `a ${action} action`;
  if (dict.has('JS')) return 'JavaScript';
  if (dict.has('AA')) return 'actions run on events (AA)';
  if (dict.has('XFA')) return 'an XFA form';
  if (dict.has('EmbeddedFiles') || dict.has('EF')) return 'embedded files';
  if (dict.getName('Type')?.value === 'EmbeddedFile') return 'embedded files';
  const subtype = dict.getName('Subtype')?.value;
  const annotation = dict.getName('Type')?.value === 'Annot' || dict.has('Rect');
  if (annotation && subtype && ACTIVE_ANNOTATIONS.has(subtype)) return `a ${subtype} annotation`;
  return null;
}

/**
 * The first active thing reachable from the document's catalog, named (`null` when there is
 * none). Visits at most `maxObjects` indirect objects, the reading limits' bound.
 */
export function activeContentOf(document: PDF, maxObjects: number): string | null {
  const seen = new Set<number>();
  const stack: PdfObject[] = [document.getCatalog()];
  let visited = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    let node: PdfObject | null = next;
    if (node.type === 'ref') {
      if (seen.has(node.objectNumber) || (visited += 1) > maxObjects) continue;
      seen.add(node.objectNumber);
      node = document.getObject(node);
    }
    if (!node) continue;
    if (node.type === 'array') stack.push(...node.toArray());
    else if (node.type === 'dict' || node.type === 'stream') {
      const found = activeIn(node);
      if (found) return found;
      for (const [key, value] of node)
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

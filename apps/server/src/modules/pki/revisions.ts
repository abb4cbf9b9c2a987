/**
 * What a signed PDF's later revisions changed. A signature's byte ranges end where its
 * revision ends; a validator may then extend the file with long-term validation data — a Document
 * Security Store (certificates, OCSP answers, CRLs, VRI) and document timestamps — without changing
 * anything that was signed; and later signers may sign it again (envelopes: what PDF
 * 32000-1 §12.8.2.2 allows after a signature, DocMDP level 2 — a new signature field, its widget on
 * a page and everything its stamp draws). This tells those updates from a modification, conservatively: an object
 * that is not recognised as validation data, an object freed, another catalog, or a compressed
 * object stream (which would hide what it holds) counts as a change.
 *
 * Read as a relying party reads: every object the later revisions define is looked at as the whole
 * file resolves it, and compared with the signed revision's.
 */
import { PDF, PdfRef, PdfStream, type PdfArray, type PdfDict, type PdfObject } from '@libpdf/core';

/** What came after a signature's revision: nothing, validation data, later signatures, or changes. */
export type LaterRevisions = 'none' | 'validationData' | 'signatures' | 'changes';

interface Defined {
  ref: PdfRef;
}

/** The objects a run of incremental updates defines (their `N G obj` headers). */
function definedObjects(tail: string): Defined[] {
  return [...tail.matchAll(/(?:^|[\s>\]])(\d+)\s+(\d+)\s+obj\b/g)].map((match) => ({
    ref: PdfRef.of(Number(match[1]), Number(match[2])),
  }));
}

/** The catalogs the trailers (or cross-reference streams) name. */
const rootsOf = (text: string) =>
  new Set(
    [...text.matchAll(/\/Root\s+(\d+)\s+(\d+)\s+R/g)].map((match) => `${match[1]} ${match[2]}`),
  );

/** Objects a classic cross-reference table frees (besides object 0, the free list's head). */
function freedInTables(tail: string): number[] {
  const freed: number[] = [];
  for (const table of tail.matchAll(/\bxref\s+([\s\S]*?)\btrailer\b/g)) {
    let number = 0;
    for (const line of (table[1] ?? '').split(/\r\n|\r|\n/)) {
      const section = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
      if (section) {
        number = Number(section[1]);
        continue;
      }
      const entry = /^\s*\d{10}\s+\d{5}\s+([nf])/.exec(line);
      if (!entry) continue;
      if (entry[1] === 'f' && number !== 0) freed.push(number);
      number += 1;
    }
  }
  return freed;
}

/** Objects a cross-reference stream frees (type 0 entries; PDF 32000-1 §7.5.8). */
function freedInStream(stream: PdfStream): number[] {
  const widths = stream
    .getArray('W')
    ?.toArray()
    .map((one) => (one.type === 'number' ? one.value : 0));
  // Unreadable: every object counts as freed.
  if (widths?.length !== 3) return [Number.NaN];
  const size = stream.getNumber('Size')?.value ?? 0;
  const index = stream
    .getArray('Index')
    ?.toArray()
    .map((one) => (one.type === 'number' ? one.value : 0)) ?? [0, size];
  const data = stream.getDecodedData();
  const [typeWidth = 0, secondWidth = 0, thirdWidth = 0] = widths;
  const rowWidth = typeWidth + secondWidth + thirdWidth;
  const freed: number[] = [];
  let row = 0;
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    const [first = 0, count = 0] = [index[pair], index[pair + 1]];
    for (let i = 0; i < count; i += 1, row += 1) {
      let type = typeWidth === 0 ? 1 : 0;
      for (let byte = 0; byte < typeWidth; byte += 1)
        type = type * 256 + (data[row * rowWidth + byte] ?? 0);
      if (type === 0 && first + i !== 0) freed.push(first + i);
    }
  }
  return freed;
}

/** Whether two objects are the same PDF value (references compared as references). */
function same(a: PdfObject | undefined, b: PdfObject | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'ref':
      return b.type === 'ref' && a.objectNumber === b.objectNumber && a.generation === b.generation;
    case 'name':
    case 'number':
    case 'bool':
      return 'value' in b && a.value === b.value;
    case 'string':
      return b.type === 'string' && Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
    case 'array':
      return (
        b.type === 'array' &&
        a.length === b.length &&
        a.toArray().every((item, index) => same(item, b.at(index)))
      );
    case 'dict':
    case 'stream': {
      const other = b as PdfDict;
      const keys = [...a.keys()].map((key) => key.value);
      if (keys.length !== [...other.keys()].length) return false;
      if (!keys.every((key) => same(a.get(key), other.get(key)))) return false;
      if (!(a instanceof PdfStream) || !(b instanceof PdfStream)) return true;
      return Buffer.from(a.getEncodedData()).equals(Buffer.from(b.getEncodedData()));
    }
    default:
      return a.type === 'null';
  }
}

const nameOf = (dict: PdfDict, key: string) => dict.getName(key)?.value;

/** Keys of two dictionaries whose values differ. */
function changedKeys(before: PdfDict, after: PdfDict): Set<string> {
  const keys = new Set([...before.keys(), ...after.keys()].map((key) => key.value));
  return new Set([...keys].filter((key) => !same(before.get(key), after.get(key))));
}

/** An array that keeps every earlier entry, in order, and adds only references to new objects. */
function onlyAdds(
  before: PdfArray | undefined,
  after: PdfArray | undefined,
  isNew: (ref: PdfRef) => boolean,
) {
  if (!after) return false;
  const kept = before?.toArray() ?? [];
  const all = after.toArray();
  if (!kept.every((item, index) => same(item, all[index]))) return false;
  return all.slice(kept.length).every((item) => item.type === 'ref' && isNew(item));
}

const isSubset = (keys: Set<string>, allowed: readonly string[]) =>
  [...keys].every((key) => allowed.includes(key));

const DSS_KEYS = ['Type', 'Certs', 'OCSPs', 'CRLs', 'VRI'];
const VRI_ENTRY_KEYS = ['Type', 'Cert', 'OCSP', 'CRL', 'TU', 'TS'];

/** A new object that only validation data (or a document timestamp and its field) would add. */
function isValidationObject(
  object: PdfObject,
  resolve: (ref: PdfRef) => PdfObject | null,
): boolean {
  if (object.type === 'stream')
    // Certificates, OCSP answers, CRLs; an invisible widget's appearance; a cross-reference stream.
    return nameOf(object, 'Type') !== 'ObjStm';
  if (object.type === 'array') return true;
  if (object.type !== 'dict') return false;
  const keys = new Set([...object.keys()].map((key) => key.value));
  if (nameOf(object, 'Type') === 'DocTimeStamp') return true;
  if (isSubset(keys, DSS_KEYS) || isSubset(keys, VRI_ENTRY_KEYS)) return true;
  // A VRI dictionary: keyed by upper-case SHA-1 hex of each signature.
  if ([...keys].every((key) => /^[0-9A-F]{40}$/.test(key))) return true;
  // A document timestamp's field and widget: invisible (no area), its value a DocTimeStamp.
  if (nameOf(object, 'FT') === 'Sig') {
    const value = object.get('V');
    const signature = value?.type === 'ref' ? resolve(value) : value;
    const rect = object
      .getArray('Rect')
      ?.toArray()
      .map((one) => (one.type === 'number' ? one.value : 0));
    const invisible = !rect || (rect.length === 4 && (rect[0] === rect[2] || rect[1] === rect[3]));
    return signature?.type === 'dict' && nameOf(signature, 'Type') === 'DocTimeStamp' && invisible;
  }
  // A form created to hold such fields.
  return isSubset(keys, ['Fields', 'SigFlags']);
}

/**
 * The new objects later signatures bring: each new signed signature field (its value a signature
 * dictionary) and what it reaches through its value and appearance, and the stamp annotations
 * that show the same appearance at further places (visibleSignature.ts). Old objects are not
 * walked into: a change to one is judged on its own.
 */
function laterSignatureObjects(
  newObjects: readonly PdfRef[],
  isNew: (ref: PdfRef) => boolean,
  resolve: (ref: PdfRef) => PdfObject | null,
): Set<string> {
  const reached = new Set<string>();
  const walk = (object: PdfObject | null | undefined) => {
    if (!object) return;
    if (object.type === 'ref') {
      if (!isNew(object) || reached.has(object.toString())) return;
      reached.add(object.toString());
      walk(resolve(object));
    } else if (object.type === 'array') object.toArray().forEach(walk);
    else if (object.type === 'dict' || object.type === 'stream')
      for (const [key, value] of object)
        if (key.value !== 'P' && key.value !== 'Parent') walk(value);
  };
  const appearances = new Set<string>();
  for (const ref of newObjects) {
    const field = resolve(ref);
    if (field?.type !== 'dict' || nameOf(field, 'FT') !== 'Sig') continue;
    const value = field.get('V');
    const signature = value?.type === 'ref' ? resolve(value) : value;
    if (signature?.type !== 'dict' || nameOf(signature, 'Type') !== 'Sig') continue;
    reached.add(ref.toString());
    walk(field.get('V'));
    walk(field.get('AP'));
    const normal = field.getDict('AP', resolve)?.get('N');
    if (normal?.type === 'ref') appearances.add(normal.toString());
  }
  for (const ref of newObjects) {
    const annotation = resolve(ref);
    const normal = annotation?.type === 'dict' ? annotation.getDict('AP', resolve)?.get('N') : null;
    if (
      annotation?.type === 'dict' &&
      nameOf(annotation, 'Subtype') === 'Stamp' &&
      normal?.type === 'ref' &&
      appearances.has(normal.toString())
    )
      reached.add(ref.toString());
  }
  return reached;
}

/**
 * Where the revisions of a file end: just past each `%%EOF` marker, with or without its end of
 * line. A signature whose bytes end anywhere else signed no revision of the file.
 */
export function revisionEnds(text: string): Set<number> {
  const ends = new Set<number>();
  for (const marker of text.matchAll(/%%EOF/g)) {
    const at = marker.index + '%%EOF'.length;
    ends.add(at);
    const eol = /^(?:\r\n|\r|\n)/.exec(text.slice(at, at + 2))?.[0];
    if (eol) ends.add(at + eol.length);
  }
  return ends;
}

/**
 * What the revisions after `end` (where a signature's revision ends) changed. `whole` is the
 * whole file as parsed (one parse for every signature asked about); `end` must be a revision's
 * end (`revisionEnds`), else what follows is unexplained: changes.
 */
export async function laterRevisions(
  pdf: Buffer,
  end: number,
  whole: () => Promise<PDF>,
  ends: Set<number>,
): Promise<LaterRevisions> {
  if (end >= pdf.length) return 'none';
  if (!ends.has(end)) return 'changes';
  const tail = pdf.subarray(end).toString('latin1');
  const defined = definedObjects(tail);
  // Bytes that define nothing, or follow the last revision's end, are no revision a validator
  // adds: unexplained, so a change.
  if (defined.length === 0 || !/%%EOF\s*$/.test(tail)) return 'changes';
  let before: PDF;
  let after: PDF;
  try {
    before = await PDF.load(pdf.subarray(0, end));
    after = await whole();
  } catch {
    return 'changes';
  }
  // The same catalog, and nothing freed.
  const rootsBefore = rootsOf(pdf.subarray(0, end).toString('latin1'));
  const rootsAfter = rootsOf(tail);
  if ([...rootsAfter].some((root) => !rootsBefore.has(root))) return 'changes';
  if (freedInTables(tail).length > 0) return 'changes';

  const newRefs = new Set<string>();
  for (const { ref } of defined) if (!before.getObject(ref)) newRefs.add(ref.toString());
  const isNew = (ref: PdfRef) => newRefs.has(ref.toString());
  const resolve = (ref: PdfRef) => after.getObject(ref);
  const signing = laterSignatureObjects(
    defined.map(({ ref }) => ref).filter(isNew),
    isNew,
    resolve,
  );

  for (const { ref } of defined) {
    const now = after.getObject(ref);
    if (!now) return 'changes';
    if (now instanceof PdfStream && nameOf(now, 'Type') === 'XRef') {
      if (freedInStream(now).length > 0) return 'changes';
      continue;
    }
    const then = before.getObject(ref);
    if (!then) {
      if (!signing.has(ref.toString()) && !isValidationObject(now, resolve)) return 'changes';
      continue;
    }
    if (same(then, now)) continue;
    if (then.type !== 'dict' || now.type !== 'dict') return 'changes';
    const changed = changedKeys(then, now);
    const type = nameOf(now, 'Type');
    // The catalog gains its DSS (and a form for document timestamps).
    if (type === 'Catalog' && isSubset(changed, ['DSS', 'AcroForm'])) continue;
    // A page gains the timestamp's invisible widget, or a later signature's widget and stamps.
    if (
      type === 'Page' &&
      isSubset(changed, ['Annots']) &&
      onlyAdds(
        then.getArray('Annots', (r) => before.getObject(r)),
        now.getArray('Annots', resolve),
        isNew,
      )
    )
      continue;
    // The form gains the timestamp's or a later signature's field.
    if (
      isSubset(changed, ['Fields', 'SigFlags']) &&
      (!changed.has('Fields') ||
        onlyAdds(
          then.getArray('Fields', (r) => before.getObject(r)),
          now.getArray('Fields', resolve),
          isNew,
        ))
    )
      continue;
    return 'changes';
  }
  return signing.size > 0 ? 'signatures' : 'validationData';
}

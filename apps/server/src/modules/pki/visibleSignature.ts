/**
 * A signature people can see: its stamp drawn where the request says — rectangles on
 * pages, an existing empty signature field's place, or the default corner of the last page — as
 * the appearance of the signature field's widgets, in the revision the signature covers.
 *
 * @libpdf/core signs with an invisible widget on no page (Rect 0 0 0 0), and its sign() takes no
 * appearance. It lays the field out and then saves the document (the revision the byte ranges
 * cover): the widgets are put in place at that save, so they are part of what is signed. A stamp
 * added in a later revision would be a change after signing, which validators report.
 */
import {
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfString,
  PDF,
  type PdfRef,
  type SignOptions,
} from '@libpdf/core';
import { DEFAULT_STAMP, type StampPlace } from '@tawqi/api';
import { drawStamp, type StampContent } from '../../pdf/signatureStamp.js';

/** Where the stamp goes: rectangles, an empty signature field of the document, or the default. */
export type StampPlacement = { places: readonly StampPlace[] } | { field: string } | 'default';

export interface VisibleSignature {
  content: StampContent;
  placement: StampPlacement;
}

/** A placement the document cannot take (a page it does not have, a field it lacks). */
export class StampPlacementError extends Error {
  override readonly name = 'StampPlacementError';
}

interface Placed {
  pageRef: PdfRef;
  pageDict: PdfDict;
  rect: readonly [number, number, number, number];
}

/** A rectangle with its lower left corner first (a field's may be written the other way). */
const ordered = ([x1, y1, x2, y2]: readonly [number, number, number, number]) =>
  [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)] as const;

const resolverOf = (pdf: PDF) => (ref: PdfRef) => pdf.getObject(ref);

/** The places of `placement` in `pdf`, and the field to sign in (an existing one, or a new name). */
function placesIn(pdf: PDF, placement: StampPlacement): { places: Placed[]; fieldName: string } {
  const pages = pdf.getPages();
  const pageAt = (number: number) => {
    const page = pages[number - 1];
    if (!page)
      throw new StampPlacementError(
        `the stamp is placed on page ${String(number)}; the document has ${String(pages.length)}`,
      );
    return page;
  };
  const form = pdf.getForm();
  const names = new Set(form?.getFields().map((field) => field.name));
  let fresh = 1;
  while (names.has(`Tawqi_${String(fresh)}`)) fresh++;
  const fieldName = `Tawqi_${String(fresh)}`;

  if (placement === 'default') {
    const page = pageAt(pages.length);
    const box = page.getMediaBox();
    const width = Math.min(DEFAULT_STAMP.width, box.width / 2);
    const height = (width * DEFAULT_STAMP.height) / DEFAULT_STAMP.width;
    const margin = Math.min(DEFAULT_STAMP.margin, box.width / 20);
    const x2 = box.x + box.width - margin;
    const y1 = box.y + margin;
    return {
      places: [{ pageRef: page.ref, pageDict: page.dict, rect: [x2 - width, y1, x2, y1 + height] }],
      fieldName,
    };
  }
  if ('places' in placement)
    return {
      places: placement.places.map(({ page, rect }) => {
        const found = pageAt(page);
        const box = found.getMediaBox();
        const [x1, y1, x2, y2] = ordered(rect);
        if (x1 < box.x || y1 < box.y || x2 > box.x + box.width || y2 > box.y + box.height)
          throw new StampPlacementError(
            `the stamp's place on page ${String(page)} is outside it (${String(box.width)} × ${String(box.height)})`,
          );
        return { pageRef: found.ref, pageDict: found.dict, rect: [x1, y1, x2, y2] as const };
      }),
      fieldName,
    };
  const field = form?.getSignatureField(placement.field);
  if (!field || field.isSigned())
    throw new StampPlacementError(`the document has no empty signature field "${placement.field}"`);
  const places = field.getWidgets().flatMap((widget): Placed[] => {
    const pageRef = widget.pageRef;
    const page = pages.find((one) => one.ref.objectNumber === pageRef?.objectNumber);
    const [x1, y1, x2, y2] = widget.rect;
    return page && Math.abs(x2 - x1) > 1 && Math.abs(y2 - y1) > 1
      ? [{ pageRef: page.ref, pageDict: page.dict, rect: ordered(widget.rect) }]
      : [];
  });
  if (places.length === 0)
    throw new StampPlacementError(
      `the signature field "${placement.field}" has no place on a page`,
    );
  return { places, fieldName: placement.field };
}

/** Whether `pdf` has the place `placement` names (checked when the request is made). */
export function placedIn(pdf: PDF, placement: StampPlacement): boolean {
  try {
    placesIn(pdf, placement);
    return true;
  } catch (error) {
    if (error instanceof StampPlacementError) return false;
    throw error;
  }
}

const numbers = (values: readonly number[]) =>
  new PdfArray(values.map((value) => PdfNumber.of(Math.round(value * 100) / 100)));

/** Lists `annotation` among the page's annotations. */
function annotate(pdf: PDF, place: Placed, annotation: PdfRef): void {
  const annotations = place.pageDict.getArray('Annots', resolverOf(pdf));
  if (annotations) annotations.push(annotation);
  else place.pageDict.set('Annots', new PdfArray([annotation]));
}

/**
 * Shows the field @libpdf/core laid out (one dictionary, field and widget, on no page): its widget
 * at the first place with `appearance`; the same stamp at any further place as a stamp annotation
 * (a signature has one widget: readers such as pdfsig list a signature once a widget).
 */
function showField(pdf: PDF, fieldName: string, places: Placed[], appearance: PdfRef): void {
  const resolve = resolverOf(pdf);
  const fields = pdf.getCatalog().getDict('AcroForm', resolve)?.getArray('Fields', resolve);
  const fieldRef = fields
    ?.toArray()
    .find(
      (item): item is PdfRef =>
        'objectNumber' in item &&
        (resolve(item) as PdfDict | null)?.getString('T')?.asString() === fieldName,
    );
  const widget = fieldRef ? (resolve(fieldRef) as PdfDict | null) : null;
  const [first, ...others] = places;
  if (!fieldRef || !widget || !first)
    throw new Error(`the signature field ${fieldName} was not laid out`);
  widget.set('Rect', numbers(first.rect));
  widget.set('P', first.pageRef);
  widget.set('AP', PdfDict.of({ N: appearance }));
  annotate(pdf, first, fieldRef);
  for (const place of others)
    annotate(
      pdf,
      place,
      pdf.register(
        PdfDict.of({
          Type: PdfName.of('Annot'),
          Subtype: PdfName.of('Stamp'),
          // Printed, read-only and locked, as the widget is.
          F: PdfNumber.of(4 | 64 | 128),
          Rect: numbers(place.rect),
          P: place.pageRef,
          NM: PdfString.fromString(`${fieldName}-${place.rect.join(',')}`),
          AP: PdfDict.of({ N: appearance }),
        }),
      ),
    );
}

/**
 * pdf.sign(options) with the signature shown as `visible` says: the stamp is drawn at the first
 * place's size (a reader fits it to each other place), and the widgets put in place when the
 * signed revision is saved.
 */
export async function signShowing(
  pdf: PDF,
  options: SignOptions,
  visible: VisibleSignature,
): ReturnType<PDF['sign']> {
  const { places, fieldName } = placesIn(pdf, visible.placement);
  const [x1, y1, x2, y2] = places[0]?.rect ?? [0, 0, 0, 0];
  const stamp = await PDF.load(await drawStamp(visible.content, x2 - x1, y2 - y1));
  const appearance = (await pdf.embedPage(stamp, 0)).ref;
  const save = pdf.save.bind(pdf);
  let shown = false;
  pdf.save = (saveOptions) => {
    if (!shown) {
      showField(pdf, fieldName, places, appearance);
      shown = true;
    }
    return save(saveOptions);
  };
  try {
    return await pdf.sign({ ...options, fieldName });
  } finally {
    pdf.save = save;
  }
}

/**
 * A PDF shown in the page, one page at a time (issue 38: nothing is signed unseen). The portal's
 * CSP (object-src 'none') allows no PDF plugin, so pages are drawn by pdf.js (Mozilla's reader,
 * the one Firefox uses) into a canvas: its worker is a file of this origin, no eval, no
 * WebAssembly, and the file is given as bytes, so nothing leaves the page. One page at a time
 * keeps a phone's memory bounded whatever the length; each is drawn at the width it is shown
 * at, sharp on the screen's pixel ratio, and its text is there for a screen reader.
 */
import { Button, ErrorState, Spinner, VisuallyHidden } from '@tawqi/ui';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format.js';
import { Verbatim } from './Verbatim.js';
import { pager, sheet, sheetFrame, viewer } from './pdfViewer.css.js';

/** pdf.js, loaded the first time a PDF is shown (it is large; most pages never need it). */
async function pdfjs() {
  const library = await import('pdfjs-dist');
  library.GlobalWorkerOptions.workerSrc = workerUrl;
  return library;
}

/**
 * Where this origin serves pdf.js's standard fonts and character maps (scripts/pdfjs-data.mjs):
 * a document that names a standard font without embedding it is drawn in that font's metrics,
 * as a PDF reader draws it, never in a fallback of other widths.
 */
const dataOf = (version: string) => {
  const base = `/assets/pdfjs-${version}/`;
  return {
    standardFontDataUrl: `${base}standard_fonts/`,
    cMapUrl: `${base}cmaps/`,
    cMapPacked: true,
    // The fonts above for every font the file does not carry, not whatever the device has.
    useSystemFonts: false,
  };
};

export interface PdfViewerProps {
  /** The PDF's bytes. */
  file: Blob;
  /** Its name, for the pages' labels. */
  name: string;
  /** The page shown, when the caller follows it (a stamp placed on it); else the viewer's own. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** Each page's size in points, once the document is read. */
  onPages?: (sizes: readonly { width: number; height: number }[]) => void;
  /**
   * Drawn over the page once it is drawn (a stamp to place), given its number and size in
   * points; placed in a frame the page's size, so percentages of it are the page's.
   */
  overlay?: (page: { number: number; size: { width: number; height: number } }) => ReactNode;
}

export function PdfViewer({ file, name, page, onPageChange, onPages, overlay }: PdfViewerProps) {
  const { t } = useTranslation('app');
  const format = useFormat();
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [ownPage, setOwnPage] = useState(1);
  const pageNumber = page ?? ownPage;
  const turnTo = (number: number) => {
    setOwnPage(number);
    onPageChange?.(number);
  };
  const [sizes, setSizes] = useState<readonly { width: number; height: number }[]>([]);
  // The caller's function of the moment, without reading the document again when it changes.
  const pagesRead = useRef(onPages);
  useEffect(() => {
    pagesRead.current = onPages;
  });
  const [drawn, setDrawn] = useState(0);
  const [text, setText] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let current: PDFDocumentProxy | null = null;
    const run = { cancelled: false };
    const gone = () => run.cancelled;
    setFailed(false);
    void (async () => {
      try {
        const library = await pdfjs();
        const task = library.getDocument({
          ...dataOf(library.version),
          data: new Uint8Array(await file.arrayBuffer()),
          isEvalSupported: false,
          useWasm: false,
          enableXfa: false,
        });
        current = await task.promise;
        const read: { width: number; height: number }[] = [];
        for (let number = 1; number <= current.numPages && !gone(); number++) {
          const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = (await current.getPage(number)).view;
          read.push({ width: x2 - x1, height: y2 - y1 });
        }
        if (gone()) void current.destroy();
        else {
          setSizes(read);
          pagesRead.current?.(read);
          setDocument(current);
        }
      } catch {
        if (!gone()) setFailed(true);
      }
    })();
    return () => {
      run.cancelled = true;
      setDocument(null);
      void current?.destroy();
    };
  }, [file, attempt]);

  useEffect(() => {
    const target = canvas.current;
    if (!document || !target) return;
    const run = { cancelled: false };
    const gone = () => run.cancelled;
    let render: { cancel: () => void } | undefined;
    void (async () => {
      try {
        const shown = await document.getPage(pageNumber);
        if (gone()) return;
        const natural = shown.getViewport({ scale: 1 });
        // Drawn for the width the page has on screen, in device pixels.
        const cssWidth = target.parentElement?.clientWidth ?? natural.width;
        const ratio = window.devicePixelRatio || 1;
        const viewport = shown.getViewport({ scale: (cssWidth / natural.width) * ratio });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        const task = shown.render({ canvas: target, viewport });
        render = task;
        await task.promise;
        const content = await shown.getTextContent();
        if (gone()) return;
        setText(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
        setDrawn(pageNumber);
      } catch {
        if (!gone()) setFailed(true);
      }
    })();
    return () => {
      run.cancelled = true;
      render?.cancel();
    };
  }, [document, pageNumber]);

  if (failed)
    return (
      <ErrorState
        message={t('pdfViewer.failed')}
        onRetry={() => {
          setAttempt((count) => count + 1);
        }}
      />
    );
  const pages = document?.numPages ?? 0;
  const label = t('pdfViewer.page', {
    name,
    page: format.number(pageNumber),
    total: format.number(pages),
  });
  return (
    <div className={viewer}>
      {drawn !== pageNumber ? <Spinner showLabel /> : null}
      <div className={sheetFrame} hidden={!document}>
        <canvas
          ref={canvas}
          className={sheet}
          role="img"
          aria-label={label}
          data-drawn={drawn === pageNumber ? 'true' : undefined}
        />
        {overlay && drawn === pageNumber && sizes[pageNumber - 1]
          ? overlay({ number: pageNumber, size: sizes[pageNumber - 1] ?? { width: 1, height: 1 } })
          : null}
      </div>
      {/* The document's own words, as they are: never the page's language to translate. */}
      {drawn === pageNumber && text ? (
        <VisuallyHidden>
          <Verbatim>{text}</Verbatim>
        </VisuallyHidden>
      ) : null}
      {pages > 1 ? (
        <div className={pager}>
          <Button
            size="small"
            variant="secondary"
            aria-label={t('pdfViewer.previous')}
            isDisabled={pageNumber <= 1}
            onPress={() => {
              turnTo(pageNumber - 1);
            }}
          >
            {t('pdfViewer.previousShort')}
          </Button>
          <span aria-live="polite">
            {t('pdfViewer.position', {
              page: format.number(pageNumber),
              total: format.number(pages),
            })}
          </span>
          <Button
            size="small"
            variant="secondary"
            aria-label={t('pdfViewer.next')}
            isDisabled={pageNumber >= pages}
            onPress={() => {
              turnTo(pageNumber + 1);
            }}
          >
            {t('pdfViewer.nextShort')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

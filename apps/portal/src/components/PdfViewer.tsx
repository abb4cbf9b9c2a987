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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format.js';
import { pager, sheet, viewer } from './pdfViewer.css.js';

/** pdf.js, loaded the first time a PDF is shown (it is large; most pages never need it). */
async function pdfjs() {
  const library = await import('pdfjs-dist');
  library.GlobalWorkerOptions.workerSrc = workerUrl;
  return library;
}

export interface PdfViewerProps {
  /** The PDF's bytes. */
  file: Blob;
  /** Its name, for the pages' labels. */
  name: string;
}

export function PdfViewer({ file, name }: PdfViewerProps) {
  const { t } = useTranslation('app');
  const format = useFormat();
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
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
          data: new Uint8Array(await file.arrayBuffer()),
          isEvalSupported: false,
          useWasm: false,
          enableXfa: false,
        });
        current = await task.promise;
        if (gone()) void current.destroy();
        else setDocument(current);
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
        const page = await document.getPage(pageNumber);
        if (gone()) return;
        const natural = page.getViewport({ scale: 1 });
        // Drawn for the width the page has on screen, in device pixels.
        const cssWidth = target.parentElement?.clientWidth ?? natural.width;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (cssWidth / natural.width) * ratio });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        const task = page.render({ canvas: target, viewport });
        render = task;
        await task.promise;
        const content = await page.getTextContent();
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
      <canvas
        ref={canvas}
        className={sheet}
        role="img"
        aria-label={label}
        hidden={!document}
        data-drawn={drawn === pageNumber ? 'true' : undefined}
      />
      {drawn === pageNumber && text ? <VisuallyHidden>{text}</VisuallyHidden> : null}
      {pages > 1 ? (
        <div className={pager}>
          <Button
            size="small"
            variant="secondary"
            aria-label={t('pdfViewer.previous')}
            isDisabled={pageNumber <= 1}
            onPress={() => {
              setPageNumber((number) => number - 1);
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
              setPageNumber((number) => number + 1);
            }}
          >
            {t('pdfViewer.nextShort')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

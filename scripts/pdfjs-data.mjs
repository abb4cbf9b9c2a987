// The data pdf.js draws documents with, served from the page's own origin (no network beyond
// it): the standard 14 fonts' substitutes, for PDFs that name a standard font without embedding
// it (most generated PDFs; without them a page is drawn in a fallback font whose widths are not
// the document's, and "Service agreement" reads "Se rv ice agr ee m en t"), and the character
// maps of CJK and other predefined encodings. Under assets/ in a folder named by pdf.js's
// version, so a browser may keep them for good. A small plugin rather than a copying library:
// two folders, in development and in the build, with the same addresses.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const PDFJS = dirname(require.resolve('pdfjs-dist/package.json'));
const VERSION = JSON.parse(readFileSync(join(PDFJS, 'package.json'), 'utf8')).version;

/** Where the folders are served, as PdfViewer asks for them (pdfjsDataBase). */
export const PDFJS_DATA_BASE = `/assets/pdfjs-${VERSION}/`;
const FOLDERS = ['standard_fonts', 'cmaps'];

/** A Vite plugin serving pdf.js's standard fonts and character maps at PDFJS_DATA_BASE. */
export function pdfjsData() {
  return {
    name: 'tawqi:pdfjs-data',
    configureServer(server) {
      server.middlewares.use(PDFJS_DATA_BASE, (request, response, next) => {
        const [folder, file, ...rest] = (request.url ?? '')
          .split('?')[0]
          .split('/')
          .filter(Boolean);
        if (!FOLDERS.includes(folder) || !file || rest.length > 0 || file.includes('..'))
          return next();
        try {
          response.setHeader('content-type', 'application/octet-stream');
          response.end(readFileSync(join(PDFJS, folder, file)));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const folder of FOLDERS)
        for (const file of readdirSync(join(PDFJS, folder)))
          this.emitFile({
            type: 'asset',
            fileName: `${PDFJS_DATA_BASE.slice(1)}${folder}/${file}`,
            source: readFileSync(join(PDFJS, folder, file)),
          });
    },
  };
}

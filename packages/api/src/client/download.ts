/** Saving a downloaded file in a browser: a temporary object URL and a link with `download`. */
import type { DownloadedFile } from '../contract/endpoint.js';

export function saveDownloadedFile(
  file: DownloadedFile,
  scope: typeof globalThis = globalThis,
): void {
  const document = (scope as { document?: Document }).document;
  if (!document) throw new TypeError('saving a file needs a browser document');
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download keeps its data.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

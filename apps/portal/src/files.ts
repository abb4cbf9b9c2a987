/** A chosen or downloaded file's bytes, read in the browser as the calls and pages need them. */

/** The file as a data: address (the portal's CSP allows images of this origin and data: only). */
export function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('the file could not be read'));
    };
    reader.readAsDataURL(file);
  });
}

/** The file's bytes in base64, as a JSON request carries them. */
export async function base64Of(file: Blob): Promise<string> {
  const url = await dataUrlOf(file);
  return url.slice(url.indexOf(',') + 1);
}

/** The file's SHA-256 in hex, as the service lists signed files. */
export async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

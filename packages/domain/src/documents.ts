/**
 * Supporting documents (SPEC §3 "New-user approval detail": each document has id, category, name,
 * status, type and uniqueFileId; the organization unit's and the L2 request's documents are the
 * same kind of thing). The spec shows neither the kinds of file accepted nor their sizes; ours,
 * from what an approver needs to read (a scanned letter, a photo of an identity card):
 * - PDF, PNG or JPEG, told by the file's content, and its name must say the same (SECURITY.md:
 *   a PNG named `.pdf` is refused);
 * - at most 10 MiB a file (issue 17) and 5 files a request;
 * - the name is kept as the person called it, cleaned of what could mislead or break a download.
 */

export const DOCUMENT_TYPES = {
  pdf: { mediaType: 'application/pdf', extensions: ['pdf'] },
  png: { mediaType: 'image/png', extensions: ['png'] },
  jpeg: { mediaType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
} as const;

export type DocumentType = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_MEDIA_TYPES: readonly string[] = Object.values(DOCUMENT_TYPES).map(
  (type) => type.mediaType,
);

/** For a file input's `accept`: the extensions and media types above. */
export const DOCUMENT_ACCEPT = Object.values(DOCUMENT_TYPES)
  .flatMap((type) => [...type.extensions.map((extension) => `.${extension}`), type.mediaType])
  .join(',');

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENTS_PER_REQUEST = 5;
export const DOCUMENT_NAME_MAX_LENGTH = 120;

/** What a new-user request's document is (ours: the spec shows the field, not its values). */
export const DOCUMENT_CATEGORIES = [
  'authorizationLetter',
  'identityCopy',
  'commercialRegistration',
  'other',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The type a file's name claims, from its extension; null for anything else. */
export function documentTypeOfName(fileName: string): DocumentType | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (!extension) return null;
  for (const [type, { extensions }] of Object.entries(DOCUMENT_TYPES))
    if ((extensions as readonly string[]).includes(extension)) return type as DocumentType;
  return null;
}

/** The type of a media type the browser or the content sniffer gives; null for anything else. */
export function documentTypeOfMediaType(mediaType: string): DocumentType | null {
  const bare = mediaType.split(';')[0]?.trim().toLowerCase();
  for (const [type, { mediaType: known }] of Object.entries(DOCUMENT_TYPES))
    if (known === bare) return type as DocumentType;
  return null;
}

/**
 * A file name safe to store and to send back: no folders, no control or bidirectional-override
 * characters (which can make `fdp.exe` read as `exe.pdf`), no characters that file systems
 * refuse, spaces collapsed, at most DOCUMENT_NAME_MAX_LENGTH characters with the extension kept.
 * Empty when nothing is left.
 */
export function cleanDocumentName(fileName: string): string {
  const cleaned = fileName
    .replace(/^.*[\\/]/s, '')
    .normalize('NFC')
    // Control characters, and format characters: the bidi controls (LRM, RLM, ALM, embeddings,
    // overrides, isolates) among them.
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (cleaned.length <= DOCUMENT_NAME_MAX_LENGTH) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, DOCUMENT_NAME_MAX_LENGTH - extension.length) + extension;
}

/** Why a chosen file cannot be a document, before any byte is sent (the server checks again). */
export type DocumentRefusal = 'type' | 'size' | 'empty' | 'name';

export function documentRefusal(file: {
  name: string;
  size: number;
  type: string;
}): DocumentRefusal | null {
  if (cleanDocumentName(file.name) === '') return 'name';
  const named = documentTypeOfName(file.name);
  if (!named) return 'type';
  // Browsers leave the type empty when they do not know it; the server reads the content anyway.
  if (file.type && documentTypeOfMediaType(file.type) !== named) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

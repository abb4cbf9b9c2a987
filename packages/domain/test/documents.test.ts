import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NAME_MAX_LENGTH,
  cleanDocumentName,
  documentRefusal,
  documentTypeOfMediaType,
  documentTypeOfName,
} from '../src/documents.js';

describe('document types', () => {
  it('reads the type a name claims from its extension, in any case', () => {
    expect(documentTypeOfName('letter.PDF')).toBe('pdf');
    expect(documentTypeOfName('photo.jpg')).toBe('jpeg');
    expect(documentTypeOfName('photo.jpeg')).toBe('jpeg');
    expect(documentTypeOfName('scan.png')).toBe('png');
    expect(documentTypeOfName('tool.exe')).toBeNull();
    expect(documentTypeOfName('pdf')).toBeNull();
  });

  it('reads media types with parameters', () => {
    expect(documentTypeOfMediaType('application/pdf')).toBe('pdf');
    expect(documentTypeOfMediaType('IMAGE/PNG; charset=binary')).toBe('png');
    expect(documentTypeOfMediaType('text/html')).toBeNull();
  });

  it('offers the three types to a file input', () => {
    expect(DOCUMENT_ACCEPT.split(',')).toEqual([
      '.pdf',
      'application/pdf',
      '.png',
      'image/png',
      '.jpg',
      '.jpeg',
      'image/jpeg',
    ]);
  });
});

describe('cleanDocumentName', () => {
  it('keeps an Arabic name as written', () => {
    expect(cleanDocumentName('خطاب التفويض.pdf')).toBe('خطاب التفويض.pdf');
  });

  it('drops folders, controls and bidi overrides that disguise an extension', () => {
    expect(cleanDocumentName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanDocumentName('C:\\Users\\a\\scan.png')).toBe('scan.png');
    expect(cleanDocumentName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanDocumentName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanDocumentName('...hidden.pdf')).toBe('hidden.pdf');
    expect(cleanDocumentName('what?<is>this.pdf')).toBe('what__is_this.pdf');
    expect(cleanDocumentName('  many    spaces .pdf ')).toBe('many spaces .pdf');
  });

  it('shortens a long name and keeps its extension', () => {
    const cleaned = cleanDocumentName(`${'x'.repeat(300)}.jpeg`);
    expect(cleaned).toHaveLength(DOCUMENT_NAME_MAX_LENGTH);
    expect(cleaned.endsWith('.jpeg')).toBe(true);
    expect(cleanDocumentName('y'.repeat(300))).toBe('y'.repeat(DOCUMENT_NAME_MAX_LENGTH));
  });

  it('leaves nothing of a name that is only a folder or dots', () => {
    expect(cleanDocumentName('folder/')).toBe('');
    expect(cleanDocumentName('...')).toBe('');
  });
});

describe('documentRefusal', () => {
  const file = (name: string, size: number, type = '') => ({ name, size, type });

  it('accepts a PDF, a PNG and a JPEG within the size', () => {
    expect(documentRefusal(file('a.pdf', 10, 'application/pdf'))).toBeNull();
    expect(documentRefusal(file('a.png', DOCUMENT_MAX_BYTES, 'image/png'))).toBeNull();
    expect(documentRefusal(file('a.jpg', 1))).toBeNull();
  });

  it('says why it refuses a file', () => {
    expect(documentRefusal(file('a.docx', 10))).toBe('type');
    expect(documentRefusal(file('a.pdf', 10, 'image/png'))).toBe('type');
    expect(documentRefusal(file('a.pdf', 0))).toBe('empty');
    expect(documentRefusal(file('a.pdf', DOCUMENT_MAX_BYTES + 1))).toBe('size');
    expect(documentRefusal(file('\u202E', 10))).toBe('name');
  });
});

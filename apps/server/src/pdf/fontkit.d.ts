/** fontkit ships no types: the one call made of it (PDFKit takes the font it answers). */
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Uint8Array): Font;
}

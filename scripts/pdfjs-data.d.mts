import type { Plugin } from 'vite';

export declare const PDFJS_DATA_BASE: string;
export declare function pdfjsData(): Plugin;

/** Types of structure.mjs, for test/structure.test.ts. */
export declare const SOURCE: string;
export function sourceFiles(folder?: string): string[];
export function importsOf(file: string, text: string): string[];
export function roomOf(file: string): string;
export interface Room {
  floor: number;
  floorName: string;
  owns: string;
  imports: string[];
}
export interface Table {
  floors: {
    floor: string;
    says: string;
    rooms: Record<string, { owns: string; imports: string[] }>;
  }[];
  rooms: Map<string, Room>;
  upward: { from: string; to: string; why: string }[];
}
export function readTable(path?: string): Table;
export function circlesOf(graph: Map<string, string[]>): string[][];
export interface Source {
  files: Map<string, string[]>;
  arrows: Map<string, string[]>;
}
export function readSource(folder?: string): Source;
export function breaches(source: Source, table: Table): string[];
export function functionLengths(
  folder?: string,
): { file: string; name: string; line: number; lines: number }[];

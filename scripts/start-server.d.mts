/** Types of start-server.mjs, for the TypeScript harnesses and benchmarks that start a server. */
import type { ChildProcess } from 'node:child_process';

export declare const START_SILENCE_MS: number;
export function freePort(): Promise<number>;
export function followStart(
  child: ChildProcess,
  options?: {
    silenceMs?: number;
    onOutput?: (chunk: Buffer) => void;
    onPhase?: (phase: string) => void;
    /** The line that ends the start (the server's banner by default). */
    ready?: string;
  },
): Promise<void>;
export function startBuiltServer(options?: {
  env?: Record<string, string>;
  logFile?: string;
  nodeArgs?: string[];
  silenceMs?: number;
  onPhase?: (phase: string, pid: number) => void;
}): Promise<{
  baseUrl: string;
  pid: number;
  pgPort: number;
  dataDir: string;
  mark: string;
  stop: () => Promise<void>;
}>;

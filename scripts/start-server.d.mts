export function freePort(): Promise<number>;
export function startBuiltServer(options?: {
  env?: Record<string, string>;
  logFile?: string;
  nodeArgs?: string[];
}): Promise<{ baseUrl: string; stop: () => Promise<void> }>;

/** Types of find-chromium.mjs, for the TypeScript configs that launch Chromium. */
export declare const DEBIAN_CHROMIUM_PATHS: readonly string[];
export declare const CHROMIUM_ARGS: string[];
export declare const INSTALL_HELP: string;
export declare function locateChromium(options?: {
  env?: Record<string, string | undefined>;
  isExecutable?: (path: string) => boolean;
}): string | null;
export declare function ensureChromium(options?: {
  env?: Record<string, string | undefined>;
  isExecutable?: (path: string) => boolean;
  isRoot?: boolean;
  aptGet?: (args: string[]) => void;
  log?: (line: string) => void;
}): string;

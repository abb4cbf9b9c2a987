import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's script (`new URL('./someWorker.js', import.meta.url)`) in the built server.
 * The tests run the TypeScript sources, and their workers run the build (turbo builds the server
 * before its tests): a path under src/ is read under dist/.
 */
export function builtScript(url: URL): string {
  const here = fileURLToPath(url);
  const at = here.lastIndexOf('/src/');
  const script = at === -1 ? here : `${here.slice(0, at)}/dist/${here.slice(at + 5)}`;
  if (!existsSync(script))
    throw new Error(
      `${script} is missing: build the server first (npm run build -w @tawqi/server)`,
    );
  return script;
}

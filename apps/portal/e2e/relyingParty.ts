/** What a relying party's tools say of a signed file the portal gave (poppler's pdfsig). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** pdfsig's report of a file, whatever its exit code (it fails on a file with no signature). */
export async function pdfsig(path: string): Promise<string> {
  try {
    const { stdout, stderr } = await run('pdfsig', [path], { encoding: 'utf8' });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

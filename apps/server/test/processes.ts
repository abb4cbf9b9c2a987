/** A Node program run to its end as an operator or a second server would run it. */
import { spawn } from 'node:child_process';

export interface Finished {
  code: number | null;
  /** The signal that ended it (a crash's SIGSEGV, say), or null. */
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** Runs `node …args` with `env` (the whole environment: nothing is added), and collects its output. */
export function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code, signal) => {
      resolve({ code, signal, out, err });
    });
  });
}

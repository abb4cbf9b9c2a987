/**
 * Whether process `pid` lives: a signal 0 is only asked about. EPERM answers for a live process
 * of another user's (the postgres user's, when the server is not root).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

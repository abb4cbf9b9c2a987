// The processes a started program left behind, found on Linux's /proc, and ended. A server the
// tests start starts others in turn — its embedded PostgreSQL, clamd, the PDF, export and verify
// processes (some in sessions of their own) — and a start that fails midway must leave none of
// them running. Each is found three ways, since any one can miss: as a descendant of a root
// (while its parent lives), by a mark in its environment (which every child inherits, and which
// survives its parent's death), and by a pid file (PostgreSQL rewrites the memory /proc shows as
// its environment, for its process titles).
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Every process's parent, read once: pid → ppid. */
function parents() {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields follow its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(ppid));
    } catch {
      // gone meanwhile
    }
  }
  return parentOf;
}

function environmentHas(pid, mark) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark);
  } catch {
    return false;
  }
}

function pidIn(file) {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function isRunning(pid) {
  try {
    // A zombie has ended; only its parent's wait is missing.
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The processes of one run: the roots, those whose environment holds `mark` (`NAME=value`), those
 * named by the pid files, and every descendant of any of them. Never this process.
 * @param {{ roots?: number[], mark?: string, pidFiles?: string[] }} of
 * @returns {number[]}
 */
export function processesOf({ roots = [], mark, pidFiles = [] }) {
  const parentOf = parents();
  const found = new Set(roots.filter(isRunning));
  for (const file of pidFiles) {
    const pid = pidIn(file);
    if (pid && parentOf.has(pid)) found.add(pid);
  }
  if (mark) for (const pid of parentOf.keys()) if (environmentHas(pid, mark)) found.add(pid);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf)
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
  }
  found.delete(process.pid);
  return [...found].filter(isRunning);
}

/**
 * Ends the run's processes with SIGKILL (what is left of a failed start is not asked to finish
 * anything) and waits until none runs; returns the pids it ended. A process that outlives the kill
 * is not possible short of an uninterruptible wait, which the loop waits out.
 */
export async function endProcesses(of) {
  const ended = new Set();
  for (let pids = processesOf(of); pids.length > 0; pids = processesOf(of)) {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        ended.add(pid);
      } catch {
        // gone already
      }
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  return [...ended];
}

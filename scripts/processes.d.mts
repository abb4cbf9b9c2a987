/** Types of processes.mjs, for the TypeScript harnesses that start servers. */
export interface RunProcesses {
  roots?: number[];
  /** `NAME=value` in the environment of every process of the run. */
  mark?: string;
  pidFiles?: string[];
}
export function isRunning(pid: number): boolean;
export function processesOf(of: RunProcesses): number[];
export function endProcesses(of: RunProcesses): Promise<number[]>;

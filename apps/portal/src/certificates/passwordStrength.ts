/**
 * How hard a password is to guess, 0 (a guess away) to 4: zxcvbn-ts, the maintained port of
 * Dropbox's estimator (patterns, keyboard walks, dates, repeats and the common-password list of
 * @zxcvbn-ts/language-common). Its lists weigh ~400 KB, so they load the first time a password is
 * measured, in the dialog that asks for one, not with the portal.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export type Strength = 0 | 1 | 2 | 3 | 4;

/** A PKCS#12 file's password is at least this long… */
export const MIN_PASSWORD = 12;
/** …and at least this hard to guess ("safely unguessable" in zxcvbn's words). */
export const STRONG_ENOUGH: Strength = 3;

let estimator: Promise<ZxcvbnFactory> | null = null;

async function load(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  return new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
  });
}

/** Characters as a person counts them: an Arabic letter with its marks is one, as is an emoji. */
export function characterCount(text: string): number {
  return [...new Intl.Segmenter().segment(text)].length;
}

/** Words of a name a guesser tries first: the whole, each part, the parts run together. */
export function wordsOfName(name: string): string[] {
  const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return [name, ...parts, parts.join('')];
}

/** The password's strength; `userInputs` (the holder's name…) count as known words. */
export async function passwordStrength(
  password: string,
  userInputs: readonly string[] = [],
): Promise<Strength> {
  estimator ??= load();
  return (await estimator).check(password, [...userInputs]).score;
}

/**
 * A read a screen makes when it appears, which can be started before the screen's code has even
 * loaded: a page opened from its address starts its screen's reads as soon as the session is
 * restored (main.tsx), in parallel with loading the screen, and the screen takes the answer
 * already on its way. An early answer is handed out once, and only while fresh; otherwise the
 * screen reads as usual.
 */

/** How long a read started early stays usable for the screen it was started for. */
const FRESH_MS = 10_000;

export interface ArrivalRead<T> {
  (): Promise<T>;
  /** Starts the read now, for the screen about to appear. */
  start: () => void;
}

export function arrivalRead<T>(read: () => Promise<T>): ArrivalRead<T> {
  let early: { answer: Promise<T>; at: number } | null = null;
  const take = () => {
    const fresh = early && Date.now() - early.at < FRESH_MS ? early.answer : null;
    early = null;
    return fresh ?? read();
  };
  return Object.assign(take, {
    start: () => {
      const answer = read();
      // A failure is the screen's to show when it takes the answer, not an unhandled rejection.
      answer.catch(() => undefined);
      early = { answer, at: Date.now() };
    },
  });
}

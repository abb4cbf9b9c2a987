/**
 * One read of the api as screen state: loading, ready with the answer, or failed with the server's
 * message (null when it gave none, so the screen says "Something went wrong" or, for a grid,
 * "Failed to fetch"). It reads again when one of `inputs` changes (a page, a filter), when the
 * language changes (answers are localized by Accept-Language) or when `reload` is called; a late
 * answer of an earlier read is dropped.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { languageAtom } from './state/atoms.js';

export type CallState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | null; message: string | null };

export function useCall<T>(
  read: () => Promise<T>,
  inputs: readonly unknown[] = [],
): CallState<T> & { reload: () => void } {
  const inputKey = JSON.stringify(inputs);
  const language = useAtomValue(languageAtom);
  const [state, setState] = useState<CallState<T>>({ status: 'loading', data: null });
  const [generation, setGeneration] = useState(0);
  // The latest read function, so an inline arrow does not start a read on every render (this
  // effect runs before the one that reads).
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });

  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data }));
    readRef.current().then(
      (data) => {
        if (current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (current)
          setState((previous) => ({
            status: 'failed',
            data: previous.data,
            message: error instanceof Error && error.message ? error.message : null,
          }));
      },
    );
    return () => {
      current = false;
    };
  }, [language, generation, inputKey]);

  // Loading from the moment of the request, so nothing reads the old answer as the new one.
  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', data: previous.data }));
    setGeneration((value) => value + 1);
  }, []);
  return { ...state, reload };
}

/**
 * State kept in localStorage across reloads. `load` validates what is stored (core's
 * load*State functions fall back to the initial state on anything corrupt).
 */
import { useCallback, useState } from 'react';

export function useStoredState<S>(
  key: string,
  load: (stored: unknown) => S,
  serialize: (state: S) => string,
): [S, (next: S) => void] {
  const [state, setState] = useState<S>(() => {
    try {
      return load(window.localStorage.getItem(key));
    } catch {
      return load(null);
    }
  });
  const save = useCallback(
    (next: S) => {
      setState(next);
      try {
        window.localStorage.setItem(key, serialize(next));
      } catch {
        // storage full or blocked: the state still lives for this page
      }
    },
    [key, serialize],
  );
  return [state, save];
}

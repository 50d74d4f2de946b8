/**
 * A calculator page's state: kept in localStorage (validated on load by core's load*State), changed
 * only through core's actions. `apply` stores a successful result and shows its toast ('Oops try
 * again' as an error), or shows the refusal; it answers whether the action went through. A
 * calculator's toast replaces its previous one (one toast per calculator on screen).
 */
import type { CalculatorResult } from '@punter/core/stake-calculator';
import { showToast } from '@/lib/notify';
import { useStoredState } from '@/lib/use-stored-state';

export function useCalculator<S>(
  storageKey: string,
  load: (stored: unknown) => S,
  serialize: (state: S) => string,
): { state: S; apply: (result: CalculatorResult<S>) => boolean } {
  const [state, setState] = useStoredState(storageKey, load, serialize);
  const apply = (result: CalculatorResult<S>): boolean => {
    if (!result.ok) {
      showToast('error', result.error, storageKey);
      return false;
    }
    setState(result.state);
    showToast(result.toast.type === 'error' ? 'error' : 'success', result.toast.message, storageKey);
    return true;
  };
  return { state, apply };
}

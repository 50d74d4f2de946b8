/**
 * A calculator page's state: kept in localStorage (validated on load by core's load*State), changed
 * only through core's actions. `apply` stores a successful result and shows its toast ('Oops try
 * again' as an error), or shows the refusal; it answers whether the action went through.
 */
import { toast } from 'react-toastify';
import type { CalculatorResult } from '@punter/core/stake-calculator';
import { useStoredState } from '@/lib/use-stored-state';

export function useCalculator<S>(
  storageKey: string,
  load: (stored: unknown) => S,
  serialize: (state: S) => string,
): { state: S; apply: (result: CalculatorResult<S>) => boolean } {
  const [state, setState] = useStoredState(storageKey, load, serialize);
  const apply = (result: CalculatorResult<S>): boolean => {
    if (!result.ok) {
      toast.error(result.error);
      return false;
    }
    setState(result.state);
    if (result.toast.type === 'error') toast.error(result.toast.message);
    else toast.success(result.toast.message);
    return true;
  };
  return { state, apply };
}

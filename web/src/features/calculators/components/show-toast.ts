import { toast } from 'react-toastify';
import type { CalculatorToast } from '@punter/core/stake-calculator';

/** Shows a calculator's toast (success, or 'Oops try again' as an error). */
export function showCalculatorToast(message: CalculatorToast): void {
  if (message.type === 'error') toast.error(message.message);
  else toast.success(message.message);
}

/** A toast that survives one page reload (SPEC: a top-up ends in a page reload). */
import { z } from 'zod/mini';

const FLASH_KEY = 'flash';
const flashSchema = z.object({ kind: z.enum(['success', 'error']), message: z.string().check(z.maxLength(300)) });
export type Flash = z.output<typeof flashSchema>;

export function setFlash(flash: Flash): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // storage full or blocked: the message is lost, nothing else
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
    if (!raw) return null;
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A random id for payment references and idempotency keys. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Starts the stack once for all browser tests and hands its URLs to them (inject('stack')). */
import type { TestProject } from 'vitest/node';
import { startTestStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { webUrl: string; providerOrigin: string; firestoreHost: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startTestStack();
  project.provide('stack', { webUrl: stack.webUrl, providerOrigin: stack.providerOrigin, firestoreHost: stack.firestoreHost });
  return () => stack.stop();
}

/** Starts the stack once for all browser tests and hands its URLs to them (inject('stack')). */
import type { TestProject } from 'vitest/node';
import type { StackPorts } from '../../scripts/stack.mjs';
import { startTestStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { webUrl: string; providerOrigin: string; firestoreHost: string; web: 'preview' | 'dev'; ports: StackPorts };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startTestStack();
  const { webUrl, providerOrigin, firestoreHost, web, ports } = stack;
  project.provide('stack', { webUrl, providerOrigin, firestoreHost, web, ports });
  return () => stack.stop();
}

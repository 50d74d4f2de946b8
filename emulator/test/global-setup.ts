/**
 * Starts one emulator on a free port for the conformance suites, unless FIRESTORE_EMULATOR_HOST points
 * at another emulator (e.g. the official one), in which case the suites run against that.
 */
import type { TestProject } from 'vitest/node';
import { start } from '../src/index';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    external: boolean;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external !== undefined && external !== '') {
    project.provide('emulatorHost', external);
    project.provide('external', true);
    return () => Promise.resolve();
  }
  const emulator = await start({ port: 0 });
  project.provide('emulatorHost', `${emulator.host}:${emulator.port}`);
  project.provide('external', false);
  return () => emulator.stop();
}

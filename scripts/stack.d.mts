// Types of scripts/stack.mjs for the TypeScript callers (e2e, benchmarks, integration tests).
export declare const root: string;
export declare const PROJECT_ID: string;
/** Callables the stack calls once before it reports ready, so the first real call finds a warm worker. */
export declare const WARM_FUNCTIONS: readonly string[];
/** Calls each of `names` once (at the same time) so the Functions emulator starts their workers; resolves with ms each took. */
export declare function warmFunctions(
  functionsPort: number,
  names: readonly string[],
  region?: string,
): Promise<Record<string, number>>;
/** Matches the line provider/src/main.ts prints once it listens. */
export declare const PROVIDER_READY_LINE: RegExp;

export interface StackPorts {
  firestore: number;
  auth: number;
  functions: number;
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
  provider: number;
  web: number;
}

export declare const DEFAULT_PORTS: Readonly<StackPorts>;
/** firebase-tools' output lines the stack does not echo (they stay in its log). */
export declare const FIREBASE_NOISE: readonly RegExp[];

export interface StartStackOptions {
  ports?: 'free' | Partial<StackPorts>;
  web?: 'dev' | 'preview' | 'none';
  dataDir?: string;
  quiet?: boolean;
  seed?: boolean;
  build?: boolean;
  logDir?: string;
}

export interface RunningStack {
  webUrl: string | null;
  providerUrl: string;
  providerOrigin: string;
  ports: StackPorts;
  logDir: string;
  /** What the demo seed printed (its credentials table); '' when seed is false. */
  seedOutput: string;
  stop(): Promise<void>;
}

export declare function freePort(): Promise<number>;
/** The Firestore emulator's flags in the stack, FIRESTORE_EMULATOR_ARGS (split on whitespace) last. */
export declare function firestoreEmulatorArgs(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string | undefined>;
}): string[];
export declare function emulatorsConfig(ports: StackPorts): Record<string, unknown>;
export declare function buildStack(options: {
  web?: 'dev' | 'preview' | 'none';
  logDir: string;
  webEnv?: Record<string, string>;
  /** PUNTER_STACK_PREBUILT=1 in it: the emulator and functions bundles are not rebuilt. Default: process.env. */
  env?: Record<string, string | undefined>;
}): Promise<void>;
/** The VITE_* environment of a web app that uses the stack's emulators at `ports`. */
export declare function webEnvFor(ports: StackPorts): Record<string, string>;
/** Serves the web app (dev server, or preview of the production build, built first with `build`) on `ports.web`. */
export declare function startWeb(options: {
  web: 'dev' | 'preview';
  ports: StackPorts;
  logDir: string;
  quiet?: boolean;
  build?: boolean;
  name?: string;
}): Promise<{ url: string; stop(): Promise<void> }>;
export declare function startStack(options?: StartStackOptions): Promise<RunningStack>;

// Types of scripts/stack.mjs for the TypeScript callers (e2e, benchmarks, integration tests).
export declare const root: string;
export declare const PROJECT_ID: string;

export interface StackPorts {
  firestore: number;
  auth: number;
  functions: number;
  hub: number;
  logging: number;
  provider: number;
  web: number;
}

export declare const DEFAULT_PORTS: Readonly<StackPorts>;

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
  stop(): Promise<void>;
}

export declare function freePort(): Promise<number>;
export declare function buildStack(options: { web?: 'dev' | 'preview' | 'none'; logDir: string; webEnv?: Record<string, string> }): Promise<void>;
export declare function startStack(options?: StartStackOptions): Promise<RunningStack>;

// Types of scripts/chromium.mjs for the TypeScript callers (e2e, emulator and provider browser tests, benchmarks).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };

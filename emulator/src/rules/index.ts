/**
 * firestore.rules (rules_version 2) for the emulator: parse, check, compile to a closure tree, and
 * answer the engine's authorization questions (contract.ts: Authorizer).
 */
import type { CompileResult } from '../contract';

/**
 * Compiles a rules file. On success the returned `authorize` is synchronous and pure; on a syntax
 * error or an unsupported construct, `issues` carry line and column (1-based) and nothing is allowed.
 */
export function compileRules(source: string, fileName?: string): CompileResult {
  void source;
  return {
    ok: false,
    issues: [
      {
        sourcePosition: { ...(fileName === undefined ? {} : { fileName }), line: 1, column: 1 },
        description: 'rules engine not implemented yet',
        severity: 'ERROR',
      },
    ],
  };
}

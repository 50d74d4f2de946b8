/**
 * firestore.rules (rules_version 2) for the emulator: parse, check, compile to a closure tree, and
 * answer the engine's authorization questions (contract.ts: Authorizer).
 */
import type { CompileResult, RulesIssue } from '../contract';
import { buildAuthorizer } from './authorize';
import { ParseIssue, parseRules, type Pos } from './parser';

function issue(pos: Pos, description: string, fileName: string | undefined): RulesIssue {
  return {
    sourcePosition: { ...(fileName === undefined ? {} : { fileName }), line: pos.line, column: pos.col },
    description,
    severity: 'ERROR',
  };
}

/**
 * Compiles a rules file. On success the returned `authorize` is synchronous and pure; on a syntax
 * error or an unsupported construct, `issues` carry line and column (1-based) and nothing is allowed.
 */
export function compileRules(source: string, fileName?: string): CompileResult {
  let file;
  try {
    file = parseRules(source);
  } catch (e) {
    if (e instanceof ParseIssue) return { ok: false, issues: [issue(e.pos, e.message, fileName)] };
    throw e;
  }
  const { issues, authorize } = buildAuthorizer(file);
  if (authorize === null || issues.length > 0) return { ok: false, issues: issues.map((i) => issue(i.pos, i.message, fileName)) };
  return { ok: true, authorize };
}

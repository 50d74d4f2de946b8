/**
 * Compiles rules expressions and functions to a closure tree, once per rules file. Everything that
 * can be checked without a request is checked here and reported as an issue with line and column:
 * unknown identifiers, functions, methods and types, wrong argument counts, unsupported regular
 * expressions, deprecated members.
 */
import type { Expr, FunctionDecl, Pos } from './parser';
import {
  FUNCTIONS,
  METHODS,
  NAMESPACES,
  TYPE_NAMES,
  bindingsOf,
  binop,
  callFunction,
  callMethod,
  index,
  isType,
  member,
  negate,
  slice,
  toBool,
  unsupportedRegex,
} from './builtins';
import { RBytes, RMap, RPath, RulesError, SymBase, SymOneOf, fail, typeName, type RVal } from './values';

type LitValue = Extract<Expr, { k: 'lit' }>['v'];

/** A literal's runtime value (bytes literals become RBytes). */
function litValue(v: LitValue): RVal {
  return v instanceof Uint8Array ? new RBytes(v) : v;
}

/** One segment of a path literal: `$(expr)` may yield a string, an int, or a path (its segments spliced in). */
function pathSegments(out: string[], v: RVal): void {
  if (typeof v === 'string') out.push(v);
  else if (typeof v === 'bigint') out.push(String(v));
  else if (v instanceof RPath) out.push(...v.segments);
  else if (v instanceof SymBase) fail('A path depends on a value the query does not constrain.');
  else fail(`Path segments must be strings, not ${typeName(v)}.`);
}

export type LookupKind = 'get' | 'exists' | 'getAfter' | 'existsAfter';

/** What an expression sees while it runs. */
export interface Ctx {
  readonly request: RVal;
  readonly resource: RVal;
  readonly wild: Readonly<Record<string, RVal>>;
  lookup(kind: LookupKind, path: RVal): RVal;
  depth: number;
}

/** A deferred error of a `let` binding: raised only when the variable is used. */
class Deferred {
  constructor(readonly error: Error) {}
}

type Frame = (RVal | Deferred)[];
export type Code = (ctx: Ctx, frame: Frame) => RVal;

export interface CompileIssue {
  pos: Pos;
  message: string;
}

interface FnInfo {
  decl: FunctionDecl;
  frameSize: number;
  body: Code | null;
}

/** A match block's scope: its wildcard variables and functions, and its parent's. */
export interface Scope {
  parent: Scope | null;
  wild: ReadonlySet<string>;
  functions: Map<string, FnInfo>;
}

interface Locals {
  slots: Map<string, number>;
}

const MAX_DEPTH = 20;
const LOOKUPS = new Set<string>(['get', 'exists', 'getAfter', 'existsAfter']);

export class Compiler {
  readonly issues: CompileIssue[] = [];

  private issue(pos: Pos, message: string): Code {
    this.issues.push({ pos: { line: pos.line, col: pos.col }, message });
    return () => fail(message);
  }

  /** Declares a block's functions (before compiling anything, so that order does not matter). */
  declareFunctions(scope: Scope, decls: readonly FunctionDecl[]): void {
    for (const d of decls) {
      if (scope.functions.has(d.name)) {
        this.issue(d, `Function '${d.name}' is declared twice in the same scope.`);
        continue;
      }
      const names = new Set<string>();
      for (const p of d.params) {
        if (names.has(p)) this.issue(d, `Parameter '${p}' is declared twice in function '${d.name}'.`);
        names.add(p);
      }
      scope.functions.set(d.name, { decl: d, frameSize: d.params.length + d.lets.length, body: null });
    }
  }

  compileFunctions(scope: Scope): void {
    for (const info of scope.functions.values()) {
      const d = info.decl;
      const locals: Locals = { slots: new Map() };
      d.params.forEach((p, i) => locals.slots.set(p, i));
      const lets: Code[] = [];
      d.lets.forEach((l, i) => {
        lets.push(this.expr(l.e, scope, locals));
        locals.slots.set(l.name, d.params.length + i);
      });
      const ret = this.expr(d.ret, scope, locals);
      const first = d.params.length;
      info.body =
        lets.length === 0
          ? ret
          : (ctx, frame) => {
              for (let i = 0; i < lets.length; i++) {
                try {
                  frame[first + i] = (lets[i] as Code)(ctx, frame);
                } catch (e) {
                  if (!(e instanceof RulesError)) throw e;
                  frame[first + i] = new Deferred(e);
                }
              }
              return ret(ctx, frame);
            };
    }
  }

  /** A condition of an allow statement: true, false, or a RulesError thrown. */
  condition(e: Expr, scope: Scope): (ctx: Ctx) => boolean {
    const code = this.expr(e, scope, { slots: new Map() });
    return (ctx) => toBool(code(ctx, []));
  }

  private findFunction(scope: Scope, name: string): FnInfo | undefined {
    for (let s: Scope | null = scope; s; s = s.parent) {
      const f = s.functions.get(name);
      if (f) return f;
    }
    return undefined;
  }

  private isWild(scope: Scope, name: string): boolean {
    for (let s: Scope | null = scope; s; s = s.parent) if (s.wild.has(name)) return true;
    return false;
  }

  private isVariable(name: string, scope: Scope, locals: Locals): boolean {
    return locals.slots.has(name) || this.isWild(scope, name) || name === 'request' || name === 'resource';
  }

  expr(e: Expr, scope: Scope, locals: Locals): Code {
    switch (e.k) {
      case 'lit': {
        const v = litValue(e.v);
        return () => v;
      }
      case 'id':
        return this.ident(e, e.name, scope, locals);
      case 'list': {
        if (e.items.every((i) => i.k === 'lit')) {
          // A constant list is built once (lists are never mutated).
          const constant = e.items.map((i) => litValue((i as { v: LitValue }).v));
          return () => constant;
        }
        const items = e.items.map((i) => this.expr(i, scope, locals));
        return (ctx, f) => items.map((i) => i(ctx, f));
      }
      case 'map': {
        const entries = e.entries.map(([k, v]) => [this.expr(k, scope, locals), this.expr(v, scope, locals)] as const);
        return (ctx, f) => {
          const m = new Map<string, RVal>();
          for (const [k, v] of entries) {
            const key = k(ctx, f);
            if (typeof key !== 'string') fail(`Map keys must be strings, not ${typeName(key)}.`);
            m.set(key, v(ctx, f));
          }
          return RMap.of(m);
        };
      }
      case 'unary': {
        const inner = this.expr(e.e, scope, locals);
        if (e.op === '!') return (ctx, f) => !toBool(inner(ctx, f));
        return (ctx, f) => negate(inner(ctx, f));
      }
      case 'bin':
        return this.binary(e.op, this.expr(e.l, scope, locals), this.expr(e.r, scope, locals));
      case 'is': {
        if (!TYPE_NAMES.has(e.type)) return this.issue(e.typePos, `Unknown type '${e.type}' after 'is'.`);
        const inner = this.expr(e.e, scope, locals);
        const t = e.type;
        return (ctx, f) => isType(inner(ctx, f), t);
      }
      case 'cond': {
        const c = this.expr(e.c, scope, locals);
        const t = this.expr(e.t, scope, locals);
        const fl = this.expr(e.f, scope, locals);
        return (ctx, f) => (toBool(c(ctx, f)) ? t(ctx, f) : fl(ctx, f));
      }
      case 'member': {
        const qualified = this.rulesQualified(e, scope, locals);
        if (qualified !== null) return qualified;
        if (e.e.k === 'id' && NAMESPACES.has(e.e.name) && !this.isVariable(e.e.name, scope, locals))
          return this.issue(e.e, `'${e.e.name}.${e.name}' is a function: call it.`);
        if (e.name === 'writeFields' && e.e.k === 'id' && e.e.name === 'request')
          return this.issue(e, 'request.writeFields is deprecated and not supported: use diff().affectedKeys().');
        const inner = this.expr(e.e, scope, locals);
        const name = e.name;
        return (ctx, f) => member(inner(ctx, f), name);
      }
      case 'index': {
        const inner = this.expr(e.e, scope, locals);
        const i = this.expr(e.i, scope, locals);
        return (ctx, f) => index(inner(ctx, f), i(ctx, f));
      }
      case 'slice': {
        const inner = this.expr(e.e, scope, locals);
        const a = e.a ? this.expr(e.a, scope, locals) : () => null;
        const b = e.b ? this.expr(e.b, scope, locals) : () => null;
        return (ctx, f) => slice(inner(ctx, f), a(ctx, f), b(ctx, f));
      }
      case 'call':
        return this.call(e, e.callee, e.args, scope, locals);
      case 'path': {
        const segs = e.segs.map((s) => (typeof s === 'string' ? s : this.expr(s, scope, locals)));
        return (ctx, f) => {
          const out: string[] = [];
          for (const s of segs) {
            if (typeof s === 'string') out.push(s);
            else pathSegments(out, s(ctx, f));
          }
          return new RPath(out);
        };
      }
    }
  }

  /**
   * `rules.math.abs`, `rules.hashing.sha256`, `rules.duration.value`: the reference's page names, not expressions
   * (its namespaces say "accessed using the math. prefix"). Reported with the name to write instead.
   */
  private rulesQualified(e: Expr, scope: Scope, locals: Locals): Code | null {
    let base: Expr = e;
    const names: string[] = [];
    while (base.k === 'member') {
      names.unshift(base.name);
      base = base.e;
    }
    if (base.k !== 'id' || base.name !== 'rules' || this.isVariable('rules', scope, locals)) return null;
    const rest = names.join('.');
    const hint = names.length > 0 && NAMESPACES.has(names[0] as string) ? `; write '${rest}'` : '';
    return this.issue(
      base,
      `Unsupported qualified name 'rules.${rest}': the rules reference's namespaces are used without the 'rules.' prefix${hint}.`,
    );
  }

  /** `(/a/$(x)/$(y)).bind({'x': .., 'y': ..})`: names in the literal that are not variables are filled from the map. */
  private bindLiteral(path: Extract<Expr, { k: 'path' }>, mapArg: Expr, scope: Scope, locals: Locals): Code {
    const segs = path.segs.map((s): string | { hole: string } | Code => {
      if (typeof s === 'string') return s;
      if (s.k === 'id' && !this.isVariable(s.name, scope, locals)) return { hole: s.name };
      return this.expr(s, scope, locals);
    });
    const map = this.expr(mapArg, scope, locals);
    return (ctx, f) => {
      const bindings = bindingsOf(map(ctx, f));
      const out: string[] = [];
      for (const s of segs) {
        if (typeof s === 'string') out.push(s);
        else if (typeof s === 'function') pathSegments(out, s(ctx, f));
        else {
          const v = bindings.get(s.hole);
          if (v === undefined) fail(`bind(): the map has no value for '${s.hole}'.`);
          out.push(v);
        }
      }
      return new RPath(out, bindings);
    };
  }

  private binary(op: string, l: Code, r: Code): Code {
    if (op === '&&') {
      return (ctx, f) => {
        let err: RulesError | null = null;
        try {
          if (!toBool(l(ctx, f))) return false;
        } catch (e) {
          if (!(e instanceof RulesError)) throw e;
          err = e;
        }
        const right = toBool(r(ctx, f));
        if (err) {
          if (!right) return false;
          throw err;
        }
        return right;
      };
    }
    if (op === '||') {
      return (ctx, f) => {
        let err: RulesError | null = null;
        try {
          if (toBool(l(ctx, f))) return true;
        } catch (e) {
          if (!(e instanceof RulesError)) throw e;
          err = e;
        }
        const right = toBool(r(ctx, f));
        if (err) {
          if (right) return true;
          throw err;
        }
        return right;
      };
    }
    if (op === '==') {
      return (ctx, f) => {
        const a = l(ctx, f);
        const b = r(ctx, f);
        // Fast path for the common scalar comparisons.
        if (typeof a === 'string' && typeof b === 'string') return a === b;
        return binop('==', a, b);
      };
    }
    return (ctx, f) => binop(op, l(ctx, f), r(ctx, f));
  }

  private ident(pos: Pos, name: string, scope: Scope, locals: Locals): Code {
    const slot = locals.slots.get(name);
    if (slot !== undefined) {
      return (_ctx, f) => {
        const v = f[slot] as RVal | Deferred;
        if (v instanceof Deferred) throw v.error;
        return v;
      };
    }
    if (this.isWild(scope, name)) return (ctx) => ctx.wild[name] as RVal;
    if (name === 'request') return (ctx) => ctx.request;
    if (name === 'resource') return (ctx) => ctx.resource;
    if (NAMESPACES.has(name)) return this.issue(pos, `'${name}' is a namespace: use ${name}.<function>(...).`);
    return this.issue(pos, `Unknown variable '${name}'.`);
  }

  private call(e: Expr, callee: Expr, argExprs: Expr[], scope: Scope, locals: Locals): Code {
    if (callee.k === 'member' && callee.name === 'bind' && callee.e.k === 'path' && argExprs.length === 1)
      return this.bindLiteral(callee.e, argExprs[0] as Expr, scope, locals);
    const args = argExprs.map((a) => this.expr(a, scope, locals));
    const n = args.length;
    if (callee.k === 'id') {
      const name = callee.name;
      const fn = this.findFunction(scope, name);
      if (fn) {
        if (fn.decl.params.length !== n)
          return this.issue(callee, `Function '${name}' takes ${fn.decl.params.length} argument(s), not ${n}.`);
        const size = fn.frameSize;
        return (ctx, f) => {
          const frame: Frame = new Array<RVal | Deferred>(size);
          for (let i = 0; i < n; i++) frame[i] = (args[i] as Code)(ctx, f);
          if (ctx.depth >= MAX_DEPTH) fail('Maximum function call depth exceeded.');
          ctx.depth++;
          try {
            return (fn.body as Code)(ctx, frame);
          } finally {
            ctx.depth--;
          }
        };
      }
      if (LOOKUPS.has(name)) {
        if (n !== 1) return this.issue(callee, `${name}() takes 1 argument, not ${n}.`);
        const kind = name as LookupKind;
        const a = args[0] as Code;
        return (ctx, f) => {
          const p = a(ctx, f);
          if (p instanceof SymOneOf) {
            const outs = p.options.map((o) => ctx.lookup(kind, o));
            return outs.length === 1 ? (outs[0] as RVal) : new SymOneOf(outs);
          }
          return ctx.lookup(kind, p);
        };
      }
      const spec = FUNCTIONS[name];
      if (spec === undefined || name.includes('.')) return this.issue(callee, `Function not found: '${name}'.`);
      if (!spec.arity.includes(n)) return this.issue(callee, `${name}() takes ${spec.arity.join(' or ')} argument(s), not ${n}.`);
      return (ctx, f) =>
        callFunction(
          name,
          args.map((a) => a(ctx, f)),
        );
    }
    if (callee.k === 'member') {
      const base = callee.e;
      const name = callee.name;
      const qualified = this.rulesQualified(callee, scope, locals);
      if (qualified !== null) return qualified;
      if (base.k === 'id' && NAMESPACES.has(base.name) && !this.isVariable(base.name, scope, locals)) {
        const full = `${base.name}.${name}`;
        const spec = FUNCTIONS[full];
        if (spec === undefined) return this.issue(callee, `Function not found: '${full}'.`);
        if (!spec.arity.includes(n))
          return this.issue(callee, `${full}() takes ${spec.arity.join(' or ')} argument(s), not ${n}.`);
        return (ctx, f) =>
          callFunction(
            full,
            args.map((a) => a(ctx, f)),
          );
      }
      const spec = METHODS[name];
      if (spec === undefined) return this.issue(callee, `Unknown method '${name}()'.`);
      if (!spec.arity.includes(n)) return this.issue(callee, `${name}() takes ${spec.arity.join(' or ')} argument(s), not ${n}.`);
      if ((name === 'matches' || name === 'split' || name === 'replace') && argExprs[0]?.k === 'lit') {
        const re = argExprs[0].v;
        if (typeof re === 'string') {
          const why = unsupportedRegex(re);
          if (why !== null) return this.issue(argExprs[0], `Unsupported regular expression '${re}': ${why}.`);
        }
      }
      const self = this.expr(base, scope, locals);
      if (n === 0) return (ctx, f) => callMethod(self(ctx, f), name, []);
      return (ctx, f) =>
        callMethod(
          self(ctx, f),
          name,
          args.map((a) => a(ctx, f)),
        );
    }
    return this.issue(e, 'Only functions and methods can be called.');
  }
}

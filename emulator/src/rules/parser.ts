/**
 * Lexer and parser for firestore.rules. Produces the AST below; every node carries its 1-based line
 * and column. Syntax errors are collected as ParseIssue (the parser stops at the first one).
 */

export interface Pos {
  line: number;
  col: number;
}

export type Expr = Pos &
  (
    | { k: 'lit'; v: null | boolean | bigint | number | string | Uint8Array }
    | { k: 'id'; name: string }
    | { k: 'list'; items: Expr[] }
    | { k: 'map'; entries: [Expr, Expr][] }
    | { k: 'unary'; op: '!' | '-'; e: Expr }
    | { k: 'bin'; op: BinOp; l: Expr; r: Expr }
    | { k: 'is'; e: Expr; type: string; typePos: Pos }
    | { k: 'cond'; c: Expr; t: Expr; f: Expr }
    | { k: 'member'; e: Expr; name: string }
    | { k: 'index'; e: Expr; i: Expr }
    | { k: 'slice'; e: Expr; a: Expr | null; b: Expr | null }
    | { k: 'call'; callee: Expr; args: Expr[] }
    | { k: 'path'; segs: (string | Expr)[] }
  );

export type BinOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type MatchSeg = { kind: 'lit'; text: string } | { kind: 'var'; name: string } | { kind: 'rest'; name: string };

export interface FunctionDecl extends Pos {
  name: string;
  params: string[];
  lets: { name: string; e: Expr; pos: Pos }[];
  ret: Expr;
}

export interface AllowDecl extends Pos {
  methods: { name: string; pos: Pos }[];
  cond: Expr | null;
}

export interface MatchBlock extends Pos {
  path: MatchSeg[];
  functions: FunctionDecl[];
  allows: AllowDecl[];
  matches: MatchBlock[];
}

export interface RulesFile {
  version: string | null;
  service: string;
  servicePos: Pos;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}

export class ParseIssue extends Error {
  override readonly name = 'ParseIssue';
  constructor(
    readonly pos: Pos,
    message: string,
  ) {
    super(message);
  }
}

type TokKind = 'id' | 'int' | 'float' | 'str' | 'bytes' | 'punct' | 'eof';
interface Tok extends Pos {
  kind: TokKind;
  text: string; // identifier / punctuation text, or decoded string content
  value?: bigint | number | Uint8Array;
  start: number;
  end: number;
}

const PUNCT2 = ['==', '!=', '<=', '>=', '&&', '||'];
const PUNCT1 = '{}()[];:,.=<>!+-*/%?$';

export class Parser {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private peeked: Tok | null = null;

  constructor(private readonly src: string) {}

  // ---------------------------------------------------------------- lexer
  private here(): Pos {
    return { line: this.line, col: this.pos - this.lineStart + 1 };
  }

  private error(pos: Pos, message: string): never {
    throw new ParseIssue(pos, message);
  }

  private skipSpace(): void {
    const s = this.src;
    for (;;) {
      const c = s[this.pos];
      if (c === '\n') {
        this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else if (c === ' ' || c === '\t' || c === '\r') {
        this.pos++;
      } else if (c === '/' && s[this.pos + 1] === '/') {
        while (this.pos < s.length && s[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && s[this.pos + 1] === '*') {
        const start = this.here();
        this.pos += 2;
        for (;;) {
          if (this.pos >= s.length) this.error(start, 'Unterminated comment.');
          if (s[this.pos] === '*' && s[this.pos + 1] === '/') {
            this.pos += 2;
            break;
          }
          if (s[this.pos] === '\n') {
            this.line++;
            this.lineStart = this.pos + 1;
          }
          this.pos++;
        }
      } else {
        return;
      }
    }
  }

  private lex(): Tok {
    this.skipSpace();
    const s = this.src;
    const p = this.here();
    const start = this.pos;
    const c = s[this.pos];
    if (c === undefined) return { kind: 'eof', text: '<end of file>', ...p, start, end: start };
    if (/[A-Za-z_]/.test(c)) {
      let e = this.pos + 1;
      while (e < s.length && /[A-Za-z0-9_]/.test(s[e] as string)) e++;
      const word = s.slice(start, e);
      if (s[e] === "'" || s[e] === '"') {
        // A literal prefix: r'raw string' and b'bytes' (rules.Bytes) exist; nothing else does.
        this.pos = e;
        if (word === 'r' || word === 'R') {
          const text = this.lexString(p, true);
          return { kind: 'str', text, ...p, start, end: this.pos };
        }
        if (word === 'b' || word === 'B') {
          const value = this.lexBytes(p);
          return { kind: 'bytes', text: s.slice(start, this.pos), value, ...p, start, end: this.pos };
        }
        this.error(
          p,
          `Unsupported literal prefix '${word}': only r'...' (raw string) and b'...' (bytes) literals are supported.`,
        );
      }
      this.pos = e;
      return { kind: 'id', text: word, ...p, start, end: e };
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(s[this.pos + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9a-fA-F]+|(\d*\.\d+|\d+\.(?!\.)\d*|\d+)([eE][+-]?\d+)?)/.exec(s.slice(this.pos));
      const text = (m as RegExpExecArray)[0];
      this.pos += text.length;
      const isFloat = !text.startsWith('0x') && !text.startsWith('0X') && /[.eE]/.test(text);
      if (isFloat) return { kind: 'float', text, value: Number(text), ...p, start, end: this.pos };
      const v = BigInt(text);
      if (v > 2n ** 63n) this.error(p, `Integer literal ${text} out of range.`);
      return { kind: 'int', text, value: v, ...p, start, end: this.pos };
    }
    if (c === "'" || c === '"') {
      const text = this.lexString(p, false);
      return { kind: 'str', text, ...p, start, end: this.pos };
    }
    const two = s.slice(this.pos, this.pos + 2);
    if (PUNCT2.includes(two)) {
      this.pos += 2;
      return { kind: 'punct', text: two, ...p, start, end: this.pos };
    }
    if (PUNCT1.includes(c)) {
      this.pos++;
      return { kind: 'punct', text: c, ...p, start, end: this.pos };
    }
    this.error(p, `Unexpected character '${c}'.`);
  }

  private lexString(p: Pos, raw: boolean): string {
    const s = this.src;
    const q = s[this.pos] as string;
    this.pos++;
    let out = '';
    for (;;) {
      const c = s[this.pos];
      if (c === undefined || c === '\n') this.error(p, 'Unterminated string literal.');
      this.pos++;
      if (c === q) return out;
      if (c !== '\\' || raw) {
        out += c;
        continue;
      }
      const e = s[this.pos];
      this.pos++;
      const ep = { line: this.line, col: this.pos - this.lineStart - 1 };
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'v':
          out += '\v';
          break;
        case 'a':
          out += '\x07';
          break;
        case '\\':
        case "'":
        case '"':
        case '`':
        case '?':
          out += e;
          break;
        case 'x':
        case 'u':
        case 'U': {
          const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const hex = s.slice(this.pos, this.pos + n);
          if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) this.error(ep, `Invalid escape sequence '\\${e}${hex}'.`);
          this.pos += n;
          const cp = parseInt(hex, 16);
          if (cp > 0x10ffff) this.error(ep, 'Invalid code point in escape sequence.');
          out += String.fromCodePoint(cp);
          break;
        }
        default:
          if (e !== undefined && /[0-7]/.test(e)) {
            const oct = s.slice(this.pos - 1, this.pos + 2);
            if (!/^[0-7]{3}$/.test(oct)) this.error(ep, 'Invalid octal escape sequence.');
            this.pos += 2;
            out += String.fromCharCode(parseInt(oct, 8));
            break;
          }
          this.error(ep, `Invalid escape sequence '\\${e ?? ''}'.`);
      }
    }
  }

  /** b'...': characters as UTF-8, \xHH and \NNN as single bytes, the usual one-letter escapes. */
  private lexBytes(p: Pos): Uint8Array {
    const s = this.src;
    const q = s[this.pos] as string;
    this.pos++;
    const out: number[] = [];
    const ONE: Record<string, number> = {
      n: 10,
      t: 9,
      r: 13,
      b: 8,
      f: 12,
      v: 11,
      a: 7,
      '\\': 92,
      "'": 39,
      '"': 34,
      '`': 96,
      '?': 63,
    };
    for (;;) {
      const cp = s.codePointAt(this.pos);
      if (cp === undefined || cp === 10) this.error(p, 'Unterminated bytes literal.');
      const c = String.fromCodePoint(cp);
      this.pos += c.length;
      if (c === q) return new Uint8Array(out);
      if (c !== '\\') {
        out.push(...Buffer.from(c, 'utf8'));
        continue;
      }
      const e = s[this.pos] ?? '';
      const ep = { line: this.line, col: this.pos - this.lineStart };
      this.pos++;
      const one = ONE[e];
      if (one !== undefined) {
        out.push(one);
      } else if (e === 'x' || e === 'X') {
        const hex = s.slice(this.pos, this.pos + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) this.error(ep, `Invalid escape sequence '\\${e}${hex}': bytes take two hex digits.`);
        this.pos += 2;
        out.push(parseInt(hex, 16));
      } else if (/[0-3]/.test(e)) {
        const oct = s.slice(this.pos - 1, this.pos + 2);
        if (!/^[0-3][0-7]{2}$/.test(oct)) this.error(ep, 'Invalid octal escape sequence: bytes take three octal digits.');
        this.pos += 2;
        out.push(parseInt(oct, 8));
      } else {
        this.error(ep, `Invalid escape sequence '\\${e}' in a bytes literal.`);
      }
    }
  }

  private peek(): Tok {
    if (!this.peeked) this.peeked = this.lex();
    return this.peeked;
  }

  private next(): Tok {
    const t = this.peek();
    this.peeked = null;
    return t;
  }

  private isPunct(text: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.text === text;
  }

  private isWord(text: string): boolean {
    const t = this.peek();
    return t.kind === 'id' && t.text === text;
  }

  private expectPunct(text: string): Tok {
    const t = this.next();
    if (t.kind !== 'punct' || t.text !== text) this.error(t, `Expected '${text}' but found '${t.text}'.`);
    return t;
  }

  private expectWord(text: string): Tok {
    const t = this.next();
    if (t.kind !== 'id' || t.text !== text) this.error(t, `Expected '${text}' but found '${t.text}'.`);
    return t;
  }

  private expectIdent(what: string): Tok {
    const t = this.next();
    if (t.kind !== 'id') this.error(t, `Expected ${what} but found '${t.text}'.`);
    return t;
  }

  /** Rewinds the lexer to just after token t (for raw path scanning). */
  private rewindAfter(t: Tok): void {
    this.peeked = null;
    this.pos = t.end;
    // t never spans lines, so line/lineStart are those of t.
    this.line = t.line;
    this.lineStart = t.end - (t.col - 1) - (t.end - t.start);
  }

  // ---------------------------------------------------------------- rules structure
  parseFile(): RulesFile {
    let version: string | null = null;
    if (this.isWord('rules_version')) {
      this.next();
      this.expectPunct('=');
      const v = this.next();
      if (v.kind !== 'str') this.error(v, `Expected a string for rules_version but found '${v.text}'.`);
      version = v.text;
      if (this.isPunct(';')) this.next();
    }
    const svc = this.expectWord('service');
    let service = this.expectIdent('a service name').text;
    while (this.isPunct('.')) {
      this.next();
      service += '.' + this.expectIdent('a service name').text;
    }
    this.expectPunct('{');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.isPunct('}')) {
      const t = this.peek();
      if (this.isWord('match')) matches.push(this.parseMatch());
      else if (this.isWord('function')) functions.push(this.parseFunction());
      else this.error(t, `Expected 'match' or 'function' but found '${t.text}'.`);
    }
    this.next();
    const end = this.next();
    if (end.kind !== 'eof') this.error(end, `Unexpected '${end.text}' after the service block.`);
    return { version, service, servicePos: { line: svc.line, col: svc.col }, functions, matches };
  }

  private parseMatch(): MatchBlock {
    const m = this.expectWord('match');
    this.skipSpace();
    const path: MatchSeg[] = [];
    const s = this.src;
    if (s[this.pos] !== '/') this.error(this.here(), `Expected a path starting with '/' after 'match'.`);
    while (s[this.pos] === '/') {
      this.pos++;
      const segPos = this.here();
      if (s[this.pos] === '{') {
        const close = s.indexOf('}', this.pos);
        if (close < 0) this.error(segPos, 'Unterminated path variable.');
        const inner = s.slice(this.pos + 1, close).trim();
        const mm = /^([A-Za-z_][A-Za-z0-9_]*)(\s*=\s*\*\*)?$/.exec(inner);
        if (!mm) this.error(segPos, `Invalid path variable '{${inner}}'.`);
        path.push(mm[2] ? { kind: 'rest', name: mm[1] as string } : { kind: 'var', name: mm[1] as string });
        this.pos = close + 1;
      } else {
        let e = this.pos;
        while (e < s.length && !/[\s/{}]/.test(s[e] as string)) e++;
        const text = s.slice(this.pos, e);
        if (text === '') this.error(segPos, 'Empty path segment.');
        if (!/^[A-Za-z0-9_\-.~%@:+()]+$/.test(text)) this.error(segPos, `Invalid path segment '${text}'.`);
        path.push({ kind: 'lit', text });
        this.pos = e;
      }
    }
    this.peeked = null;
    this.expectPunct('{');
    const block: MatchBlock = { line: m.line, col: m.col, path, functions: [], allows: [], matches: [] };
    while (!this.isPunct('}')) {
      const t = this.peek();
      if (this.isWord('match')) block.matches.push(this.parseMatch());
      else if (this.isWord('allow')) block.allows.push(this.parseAllow());
      else if (this.isWord('function')) block.functions.push(this.parseFunction());
      else this.error(t, `Expected 'match', 'allow' or 'function' but found '${t.text}'.`);
    }
    this.next();
    return block;
  }

  private parseAllow(): AllowDecl {
    const a = this.expectWord('allow');
    const methods: { name: string; pos: Pos }[] = [];
    for (;;) {
      const t = this.expectIdent('a method (read, write, get, list, create, update, delete)');
      methods.push({ name: t.text, pos: { line: t.line, col: t.col } });
      if (!this.isPunct(',')) break;
      this.next();
    }
    let cond: Expr | null = null;
    if (this.isPunct(':')) {
      this.next();
      this.expectWord('if');
      cond = this.parseExpr();
    }
    if (this.isPunct(';')) this.next();
    else if (!this.isPunct('}')) this.error(this.peek(), `Expected ';' but found '${this.peek().text}'.`);
    return { line: a.line, col: a.col, methods, cond };
  }

  private parseFunction(): FunctionDecl {
    const f = this.expectWord('function');
    const name = this.expectIdent('a function name').text;
    this.expectPunct('(');
    const params: string[] = [];
    if (!this.isPunct(')')) {
      for (;;) {
        params.push(this.expectIdent('a parameter name').text);
        if (!this.isPunct(',')) break;
        this.next();
      }
    }
    this.expectPunct(')');
    this.expectPunct('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.isWord('let')) {
      const l = this.next();
      const n = this.expectIdent('a variable name').text;
      this.expectPunct('=');
      const e = this.parseExpr();
      this.expectPunct(';');
      lets.push({ name: n, e, pos: { line: l.line, col: l.col } });
    }
    this.expectWord('return');
    const ret = this.parseExpr();
    if (this.isPunct(';')) this.next();
    this.expectPunct('}');
    return { line: f.line, col: f.col, name, params, lets, ret };
  }

  // ---------------------------------------------------------------- expressions
  parseExpr(): Expr {
    const c = this.parseBinary(0);
    if (this.isPunct('?')) {
      this.next();
      const t = this.parseExpr();
      this.expectPunct(':');
      const f = this.parseExpr();
      return { k: 'cond', c, t, f, line: c.line, col: c.col };
    }
    return c;
  }

  private static readonly LEVELS: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['==', '!=', '<', '<=', '>', '>=', 'in', 'is'],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private opAt(level: number): string | null {
    const t = this.peek();
    const ops = Parser.LEVELS[level] as readonly string[];
    if ((t.kind === 'punct' || t.kind === 'id') && ops.includes(t.text)) return t.text;
    return null;
  }

  private parseBinary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.parseUnary();
    let l = this.parseBinary(level + 1);
    for (;;) {
      const op = this.opAt(level);
      if (op === null) return l;
      const t = this.next();
      if (op === 'is') {
        const ty = this.expectIdent('a type name');
        // Qualified type names such as rules.Map are not supported: an issue, not a silent mismatch.
        if (this.isPunct('.')) {
          this.next();
          const sub = this.peek();
          const name = `${ty.text}.${sub.text}`;
          this.error(
            ty,
            `Unsupported type name '${name}' after 'is': the rules reference names its types rules.Map, rules.String, ...; ` +
              `an 'is' test takes the lower-case name (map, string, int, float, number, bool, bytes, list, set, path, timestamp, duration, latlng).`,
          );
        }
        l = { k: 'is', e: l, type: ty.text, typePos: { line: ty.line, col: ty.col }, line: t.line, col: t.col };
        continue;
      }
      const r = this.parseBinary(level + 1);
      l = { k: 'bin', op: op as BinOp, l, r, line: t.line, col: t.col };
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.kind === 'punct' && (t.text === '!' || t.text === '-')) {
      this.next();
      const e = this.parseUnary();
      if (t.text === '-' && e.k === 'lit' && (typeof e.v === 'bigint' || typeof e.v === 'number')) {
        return { k: 'lit', v: -e.v, line: t.line, col: t.col };
      }
      return { k: 'unary', op: t.text, e, line: t.line, col: t.col };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(e: Expr): Expr {
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct') return e;
      if (t.text === '.') {
        this.next();
        const n = this.expectIdent('a member name');
        e = { k: 'member', e, name: n.text, line: n.line, col: n.col };
      } else if (t.text === '(') {
        this.next();
        const args: Expr[] = [];
        if (!this.isPunct(')')) {
          for (;;) {
            args.push(this.parseExpr());
            if (!this.isPunct(',')) break;
            this.next();
          }
        }
        this.expectPunct(')');
        e = { k: 'call', callee: e, args, line: e.line, col: e.col };
      } else if (t.text === '[') {
        this.next();
        let a: Expr | null = null;
        if (!this.isPunct(':')) a = this.parseExpr();
        if (this.isPunct(':')) {
          this.next();
          const b = this.isPunct(']') ? null : this.parseExpr();
          this.expectPunct(']');
          e = { k: 'slice', e, a, b, line: t.line, col: t.col };
        } else {
          this.expectPunct(']');
          e = { k: 'index', e, i: a as Expr, line: t.line, col: t.col };
        }
      } else {
        return e;
      }
    }
  }

  private parsePrimary(): Expr {
    const t = this.next();
    const p = { line: t.line, col: t.col };
    switch (t.kind) {
      case 'int':
      case 'float':
        return { k: 'lit', v: t.value as bigint | number, ...p };
      case 'str':
        return { k: 'lit', v: t.text, ...p };
      case 'bytes':
        return { k: 'lit', v: t.value as Uint8Array, ...p };
      case 'id':
        if (t.text === 'true' || t.text === 'false') return { k: 'lit', v: t.text === 'true', ...p };
        if (t.text === 'null') return { k: 'lit', v: null, ...p };
        return { k: 'id', name: t.text, ...p };
      case 'eof':
        this.error(t, 'Unexpected end of file: expected an expression.');
        break;
      case 'punct':
        break;
    }
    if (t.text === '(') {
      const e = this.parseExpr();
      this.expectPunct(')');
      return e;
    }
    if (t.text === '[') {
      const items: Expr[] = [];
      while (!this.isPunct(']')) {
        items.push(this.parseExpr());
        if (!this.isPunct(',')) break;
        this.next();
      }
      this.expectPunct(']');
      return { k: 'list', items, ...p };
    }
    if (t.text === '{') {
      const entries: [Expr, Expr][] = [];
      while (!this.isPunct('}')) {
        const key = this.parseExpr();
        this.expectPunct(':');
        entries.push([key, this.parseExpr()]);
        if (!this.isPunct(',')) break;
        this.next();
      }
      this.expectPunct('}');
      return { k: 'map', entries, ...p };
    }
    if (t.text === '/') return this.parsePathLiteral(t);
    this.error(t, `Unexpected '${t.text}': expected an expression.`);
  }

  /** /databases/$(database)/documents/users/$(request.auth.uid) */
  private parsePathLiteral(slash: Tok): Expr {
    this.rewindAfter(slash);
    const s = this.src;
    const segs: (string | Expr)[] = [];
    for (;;) {
      const segPos = this.here();
      if (s[this.pos] === '$' && s[this.pos + 1] === '(') {
        this.pos += 2;
        const e = this.parseExpr();
        const close = this.peek();
        if (close.kind !== 'punct' || close.text !== ')') this.error(close, `Expected ')' but found '${close.text}'.`);
        this.rewindAfter(close);
        segs.push(e);
      } else if (s[this.pos] === '(') {
        // /databases/(default)/documents
        const close = s.indexOf(')', this.pos);
        const text = close < 0 ? '' : s.slice(this.pos, close + 1);
        if (!/^\([A-Za-z0-9_-]+\)$/.test(text)) this.error(segPos, 'Invalid path segment.');
        segs.push(text);
        this.pos = close + 1;
      } else {
        let e = this.pos;
        while (e < s.length && /[A-Za-z0-9_\-.~%@:+]/.test(s[e] as string)) e++;
        if (e === this.pos) this.error(segPos, 'Expected a path segment or $(expression) after /.');
        const text = s.slice(this.pos, e);
        if (s[e] === '$') this.error(segPos, 'A path segment must be either text or one $(expression).');
        segs.push(text);
        this.pos = e;
      }
      if (s[this.pos] !== '/') break;
      this.pos++;
    }
    this.peeked = null;
    return { k: 'path', segs, line: slash.line, col: slash.col };
  }
}

export function parseRules(src: string): RulesFile {
  return new Parser(src).parseFile();
}

import { describe, expect, it } from 'vitest';
import { compileRules } from './index';
import { compile, condRules, issuesOf, req, user } from './test-helpers';

const wrap = (body: string): string => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`;

describe('syntax', () => {
  it('accepts comments of both kinds, missing final semicolons and allow without a condition', () => {
    const a = compile(`rules_version = '2';
// a line comment
/* a block
   comment */
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} { allow read }
    match /closed/{id} { allow read: if /* inline */ false; } // trailing
  }
}`);
    expect(a(req('get', 'open/x')).allowed).toBe(true);
    expect(a(req('get', 'closed/x')).allowed).toBe(false);
  });

  it.each([
    ['allow read: if true &&;', 5, 29, /expected an expression/],
    ['allow read: if (true;', 5, 27, /Expected '\)'/],
    ["allow read: if 'abc;", 5, 22, /Unterminated string/],
    ["allow read: if '\\q' == 'q';", 5, 23, /Invalid escape/],
    ['allow read: if 1 # 2;', 5, 24, /Unexpected character '#'/],
    ['allow read: if true true;', 5, 27, /Expected ';'/],
  ])('%s -> issue at %i:%i', (line, l, c, msg) => {
    const issues = issuesOf(wrap(`    match /x/{id} {\n      ${line}\n    }`));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: l, column: c });
    expect(issues[0]?.description).toMatch(msg);
  });

  it('reports an unterminated block comment at its start', () => {
    expect(issuesOf(wrap('    /* never closed\n'))).toMatchObject([{ line: 4, column: 5 }]);
  });

  it('reports a missing service block', () => {
    expect(issuesOf("rules_version = '2';\nmatch /x {}")[0]).toMatchObject({ line: 2, column: 1 });
  });
});

describe('unsupported constructs are issues with positions, never silently allowed', () => {
  it.each([
    ['allow read: if unknownVar;', /Unknown variable 'unknownVar'/, 5, 22],
    ['allow read: if nope();', /Function not found: 'nope'/, 5, 22],
    ['allow read: if request.auth.uid.frobnicate();', /Unknown method 'frobnicate/, 5, 39],
    ["allow read: if 'a'.size(1) == 1;", /size\(\) takes 0/, 5, 26],
    ['allow read: if request.time is instant;', /Unknown type 'instant'/, 5, 38],
    ['allow read: if request.time is constraint;', /Unknown type 'constraint'/, 5, 38],
    ['allow read: if 1 is rules.Integer;', /Unsupported type name 'rules.Integer'.*lower-case/, 5, 27],
    ['allow read: if rules.math.abs(-1) == 1;', /Unsupported qualified name 'rules.math.abs'.*write 'math.abs'/, 5, 22],
    ["allow read: if rules.hashing.sha256('a').size() == 32;", /rules.hashing.sha256/, 5, 22],
    ["allow read: if rules.duration.value(1, 's') > duration.value(0, 's');", /write 'duration.value'/, 5, 22],
    ["allow read: if u'x' == 'x';", /Unsupported literal prefix 'u'/, 5, 22],
    ["allow read: if br'x' == b'x';", /Unsupported literal prefix 'br'/, 5, 22],
    ["allow read: if b'\\u0041' == b'A';", /Invalid escape sequence '\\u' in a bytes literal/, 5, 24],
    ["allow read: if b'\\xF' == b'A';", /two hex digits/, 5, 24],
    ["allow read: if request.time.hours('America/New_York') == 1;", /hours\(\) takes 0 argument/, 5, 35],
    ["allow read: if hashing.sha512('a').size() == 64;", /Function not found: 'hashing.sha512'/, 5, 30],
    ['allow read: if (/a/$(nope)).size() == 2;', /Unknown variable 'nope'/, 5, 28],
    ['allow read: if math.cube(2) == 8;', /Function not found: 'math.cube'/, 5, 27],
    ["allow read: if 'a'.matches('(?=a)a');", /Unsupported regular expression/, 5, 34],
    ["allow read: if 'a'.matches('(a)\\\\1');", /backreferences/, 5, 34],
    ['allow read: if request.writeFields.size() == 0;', /writeFields/, 5, 30],
    ['allow read, frob: if true;', /Unknown method 'frob'/, 5, 19],
    ['allow read: if get(/a, /b);', /takes 1 argument/, 5, 22],
  ])('%s', (line, msg, l, c) => {
    const issues = issuesOf(wrap(`    match /x/{id} {\n      ${line}\n    }`));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]?.description).toMatch(msg);
    expect(issues[0]).toMatchObject({ line: l, column: c });
  });

  it('wrong arity of a user function is an issue', () => {
    const issues = issuesOf(condRules('f(1, 2)', 'function f(a) { return a; }'));
    expect(issues[0]?.description).toMatch(/takes 1 argument/);
  });

  it('an unknown service or rules_version is an issue', () => {
    expect(issuesOf("rules_version = '3';\nservice cloud.firestore { }")[0]?.description).toMatch(/rules_version/);
    expect(issuesOf('service firebase.storage { }')[0]).toMatchObject({ line: 1, column: 1 });
  });

  it('a path variable bound twice is an issue', () => {
    expect(issuesOf(wrap('    match /a/{x}/b/{x} { allow read; }'))[0]?.description).toMatch(/bound twice/);
  });

  it('carries the file name and severity', () => {
    const r = compileRules(wrap('allow read: if nope;'), 'app.rules');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toEqual([
        {
          sourcePosition: { fileName: 'app.rules', line: 4, column: 16 },
          description: "Unknown variable 'nope'.",
          severity: 'ERROR',
        },
      ]);
  });

  it('never answers ok with issues, and an empty service compiles to deny-all', () => {
    const r = compileRules("rules_version = '2';\nservice cloud.firestore {}");
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.authorize(req('get', 'a/b')).allowed).toBe(false);
  });
});

describe('path literals', () => {
  it('interpolates $(expr) segments, including paths', () => {
    const a = compile(
      condRules(
        '/databases/$(database)/documents/$(request.auth.uid)/x == /databases/(default)/documents/u1/x && /databases/$(database)/documents/$(/a/b) == /databases/(default)/documents/a/b',
      ),
    );
    expect(a(req('get', 't/1', { caller: user('u1') })).allowed).toBe(true);
  });
  it('keeps division working next to path literals', () => {
    const a = compile(condRules('6 / 2 == 3 && (8 / 4) / 2 == 1'));
    expect(a(req('get', 't/1')).allowed).toBe(true);
  });
});

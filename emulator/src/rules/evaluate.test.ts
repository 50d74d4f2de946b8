import { describe, expect, it } from 'vitest';
import { cond, doc, user } from './test-helpers';

/** Each of these conditions must evaluate to true (a wrong result gives false or an error). */
const TRUE: readonly string[] = [
  // literals
  'true',
  '!false',
  'null == null',
  '\'a\' == "a"',
  "'it\\'s' == \"it's\"",
  "'\\n'.size() == 1",
  "'\\u00e9' == 'é'",
  "'\\x41' == 'A'",
  "r'\\d' == '\\\\d'",
  '1.5 == 1.5',
  '1e3 == 1000',
  '.5 == 0.5',
  '0x10 == 16',
  '[1, 2, 3].size() == 3',
  "{'a': 1, 'b': [2]}.b[0] == 2",
  '[] == []',
  '{} == {}',
  // arithmetic
  '1 + 2 == 3',
  '7 / 2 == 3',
  '-7 / 2 == -3',
  '7 % 3 == 1',
  '7.0 / 2 == 3.5',
  '2 * 3.5 == 7.0',
  '1 == 1.0',
  '1 + 1.5 == 2.5',
  '-(3) == -3',
  '2 - 5 == -3',
  "'ab' + 'cd' == 'abcd'",
  '[1] + [2, 3] == [1, 2, 3]',
  '1.0 / 0 == float("Infinity")',
  // comparison
  '1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3',
  '1 < 1.5',
  "'a' < 'b'",
  '1 != 2',
  "1 != '1'",
  "[1, 'a'] == [1, 'a']",
  "{'a': {'b': 1}} == {'a': {'b': 1.0}}",
  '!(1.0 / 0 - 1.0 / 0 == 1.0 / 0 - 1.0 / 0)',
  // in, is
  '2 in [1, 2, 3]',
  "!('x' in ['a'])",
  "'a' in {'a': 1}",
  "!('b' in {'a': 1})",
  "'a' in ['a', 'b'].toSet()",
  "'x' is string && 1 is int && 1.5 is float && 1 is number && 1.5 is number",
  "true is bool && null is null && [1] is list && {'a': 1} is map && [1].toSet() is set",
  "request.time is timestamp && duration.value(1, 's') is duration && /databases/x/documents/a/b is path",
  "latlng.value(1, 2) is latlng && 'a'.toUtf8() is bytes && !(1 is string)",
  "{'a': 1}.diff({}) is map_diff",
  // conditional
  "(1 < 2 ? 'yes' : 'no') == 'yes'",
  '(false ? 1 : 2) == 2',
  // indexing, slicing
  '[10, 20, 30][1] == 20',
  "{'k': 'v'}['k'] == 'v'",
  '[1, 2, 3, 4][1:3] == [2, 3]',
  '[1, 2, 3][:2] == [1, 2]',
  '[1, 2, 3][1:] == [2, 3]',
  "'hello'[1:3] == 'el'",
  "'héllo'[1] == 'é'",
  "/databases/x/documents/a/b[3] == 'a'",
  '/databases/x/documents/a/b[3:5] == /a/b',
  // paths
  "/databases/$(database)/documents/users/$(request.auth.uid) == path('/databases/(default)/documents/users/alice')",
  "/databases/(default)/documents/a == path('databases/(default)/documents/a')",
  "string(/a/b) == '/a/b'",
  // strings
  "'Hello'.size() == 5",
  "'héllo'.size() == 5",
  "'abc'.matches('a.c')",
  "!'abcd'.matches('a.c')",
  "'user@example.com'.matches('^[^@]+@[^@]+$')",
  "'ABC'.matches('(?i)abc')",
  "'2026-01-02'.matches('[[:digit:]]{4}-\\\\d{2}-\\\\d{2}')",
  "'AbC'.lower() == 'abc' && 'AbC'.upper() == 'ABC'",
  "'a,b,,c'.split(',') == ['a', 'b', '', 'c']",
  "'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']",
  "'aaa'.replace('a', 'b') == 'bbb'",
  "'  x  '.trim() == 'x'",
  "'é'.toUtf8().size() == 2",
  "'hi'.toUtf8().toBase64() == 'aGk='",
  "'hi'.toUtf8().toHexString() == '6869'",
  // lists
  "['a', 'b'].hasAll(['a'])",
  "!['a', 'b'].hasAll(['a', 'c'])",
  "['a', 'b'].hasAny(['c', 'b'])",
  "!['a', 'b'].hasAny([])",
  "['a', 'b'].hasOnly(['a', 'b', 'c'])",
  "!['a', 'd'].hasOnly(['a', 'b'])",
  "['a', 'b'].join('-') == 'a-b'",
  '[1].concat([2]) == [1, 2]',
  '[1, 2, 3, 2].removeAll([2]) == [1, 3]',
  '[1, 1, 2].toSet() == [2, 1].toSet()',
  '[1, 1, 2].toSet().size() == 2',
  // maps
  "{'a': 1, 'b': 2}.keys() == ['a', 'b']",
  "{'a': 1, 'b': 2}.values() == [1, 2]",
  "{'a': 1}.size() == 1",
  "{'a': 1}.get('a', 0) == 1",
  "{'a': 1}.get('z', 0) == 0",
  "{'a': {'b': 5}}.get(['a', 'b'], 0) == 5",
  "{'a': {'b': 5}}.get(['a', 'c'], 7) == 7",
  "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 9, 'd': 4}).addedKeys() == ['c'].toSet()",
  "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 9, 'd': 4}).removedKeys() == ['d'].toSet()",
  "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 9, 'd': 4}).changedKeys() == ['b'].toSet()",
  "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 9, 'd': 4}).unchangedKeys() == ['a'].toSet()",
  "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 9, 'd': 4}).affectedKeys() == ['b', 'c', 'd'].toSet()",
  "{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3}).affectedKeys().hasOnly(['b'])",
  // sets
  '[1, 2].toSet().union([2, 3].toSet()) == [1, 2, 3].toSet()',
  '[1, 2].toSet().intersection([2, 3].toSet()) == [2].toSet()',
  '[1, 2].toSet().difference([2, 3].toSet()) == [1].toSet()',
  '[1, 2].toSet().hasAll([1]) && [1, 2].toSet().hasAny([2, 9]) && [1, 2].toSet().hasOnly([1, 2, 3])',
  '[1, 2].toSet().size() == 2',
  // timestamps
  // request.time has Firestore's microsecond precision (the request said ...123456789Z)
  'request.time == timestamp.value(1795330800123) + duration.value(456, "us")',
  'request.time.year() == 2026 && request.time.month() == 11 && request.time.day() == 22',
  'request.time.hours() == 7 && request.time.minutes() == 0 && request.time.seconds() == 0',
  'request.time.nanos() == 123456000',
  'request.time.dayOfWeek() == 7',
  'request.time.dayOfYear() == 326',
  'request.time.toMillis() == 1795330800123',
  'request.time.date() == timestamp.date(2026, 11, 22)',
  'request.time.time() == duration.time(7, 0, 0, 123456000)',
  'timestamp.date(2026, 1, 1) < timestamp.date(2026, 1, 2)',
  "timestamp.date(2026, 1, 2) - timestamp.date(2026, 1, 1) == duration.value(1, 'd')",
  "timestamp.date(2026, 1, 1) + duration.value(24, 'h') == timestamp.date(2026, 1, 2)",
  "timestamp.date(2026, 1, 2) - duration.value(1, 'd') == timestamp.date(2026, 1, 1)",
  "request.time > request.time - duration.value(5, 'm')",
  // durations
  "duration.value(90, 's').seconds() == 90",
  "duration.value(1500, 'ms').nanos() == 500000000",
  "duration.value(1, 'w') == duration.value(7, 'd')",
  "duration.abs(duration.value(-3, 's')) == duration.value(3, 's')",
  "duration.time(1, 2, 3, 4) == duration.value(3723000000004, 'ns')",
  "duration.value(1, 'h') > duration.value(59, 'm')",
  // latlng
  'latlng.value(6.5, 3.4).latitude() == 6.5 && latlng.value(6.5, 3.4).longitude() == 3.4',
  'latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000 && latlng.value(0, 0).distance(latlng.value(0, 1)) < 111400',
  // math
  'math.abs(-3) == 3 && math.abs(-2.5) == 2.5',
  'math.ceil(1.2) == 2 && math.floor(1.8) == 1 && math.round(2.5) == 3 && math.round(-2.5) == -3',
  'math.sqrt(16) == 4 && math.pow(2, 10) == 1024',
  'math.isInfinite(1.0 / 0) && !math.isInfinite(1.0)',
  "math.isNaN(float('NaN')) && !math.isNaN(1.0)",
  // conversions
  "int('42') == 42 && int(3.9) == 3 && int(-3.9) == -3",
  "float('1.5') == 1.5 && float(2) == 2.0 && float(2) is float",
  "string(12) == '12' && string(true) == 'true' && string(null) == 'null' && string(1.5) == '1.5'",
  "bool('true') && !bool('false')",
  "path('/databases/x/documents/a/b')[4] == 'b'",
  // hashing
  "hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
  "hashing.md5('abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'",
  "hashing.crc32('abc').toHexString() == '352441C2'",
  "hashing.crc32c('123456789').toHexString() == 'E3069283' && hashing.crc32c(b'123456789') == hashing.crc32c('123456789')",
  "hashing.md5(b'abc') == hashing.md5('abc')",
  // bytes literals and methods (the reference's rules.Bytes examples)
  "b'*' == b'\\x2A' && b'\\052' == b'*'",
  "b'€' == b'\\342\\202\\254' && b'€' == b'\\xE2\\x82\\xAC' && b'€'.size() == 3",
  'b\'\\xFF\\xFF\'.size() == 2 && b"a".size() == 1 && b\'\' == b""',
  "b'\\x2A'.toHexString() == '2A' && b'**'.toHexString() == '2A2A' && b'€'.toHexString() == 'E282AC'",
  "b'\\xFB\\xEF\\xBE'.toBase64() == '----' && b'\\xFB\\xFF'.toBase64() == '-_8='",
  "'hi'.toUtf8() == b'hi' && b'a' < b'b' && b'x' is bytes && [b'a', 1][0] == b'a' && {'k': b'v'}.k == b'v'",
  // math.ceil / floor / round return ints
  'math.ceil(2.1) is int && math.floor(2.7) is int && math.round(2.5) is int && math.abs(-1) is int && math.abs(-1.5) is float',
  // path bind(map) and bindings by name
  "(/path/$(foo)/$(bar)).bind({'foo': 'something', 'bar': 'another'}) == /path/something/another",
  "(/a/$(x)/$(request.auth.uid)).bind({'x': 'y'}) == /a/y/alice",
  "(/a/$(x)).bind({'x': 'y'}).x == 'y' && (/a/$(x)).bind({'x': 'y'})['x'] == 'y' && (/a/$(x)).bind({'x': 'y'})[1] == 'y'",
  "path('a/b').bind({'k': 'v', 'n': 2}).k == 'v' && path('a/b').bind({'n': 2}).n == '2' && path('a/b').bind({'k': 'v'}) == /a/b",
  // debug
  'debug(1 + 1) == 2',
  // request
  "request.method == 'get'",
  'request.path == /databases/(default)/documents/t/doc1',
  "request.auth.uid == 'alice' && request.auth.token.sub == 'alice'",
  "request.auth.token.firebase.sign_in_provider == 'custom'",
  "request.auth.token.email == 'alice@example.com' && request.auth.token.email_verified == true",
  'request.auth.token.role == 1 && request.auth.token.admin',
  "request.auth.token.get('missing', false) == false",
  'request.resource == null',
  // resource
  "resource.data.owner == 'alice'",
  "resource.id == 'doc1'",
  'resource.__name__ == /databases/(default)/documents/t/doc1',
  "resource['__name__'][4] == 'doc1'",
  "resource.data.n == 3 && resource.data.f == 2.5 && resource.data.tags == ['x', 'y']",
  "resource.data.nested.deep.value == true && resource.data.nested['deep']['value']",
  'resource.data.when is timestamp && resource.data.when < request.time',
  "resource.data.place is latlng && resource.data.ref is path && resource.data.ref[4] == 'u1'",
  'resource.data.blob is bytes && resource.data.blob.size() == 3',
  'resource.data.nothing == null',
  // wildcard variables
  "id == 'doc1' && database == '(default)'",
];

const data = {
  owner: 'alice',
  n: 3,
  f: 2.5,
  tags: ['x', 'y'],
  nested: { deep: { value: true } },
  when: { timestampValue: '2020-01-01T00:00:00Z' },
  stamp: { timestampValue: '2020-01-01T00:00:00.123456789Z' },
  place: { geoPointValue: { latitude: 6.5, longitude: 3.4 } },
  ref: { referenceValue: 'projects/demo/databases/(default)/documents/users/u1' },
  blob: { bytesValue: 'AQID' },
  nothing: null,
};
const opts = {
  caller: user('alice', { email: 'alice@example.com', email_verified: true, role: 1, admin: true }),
  resource: doc('t/doc1', data),
};

describe('expressions', () => {
  it.each(TRUE)('%s', (expr) => {
    expect(cond(expr, opts)).toBe(true);
  });

  it.each([
    '1 == 2',
    "'a' == 'b'",
    '[1] == [1, 2]',
    "{'a': 1} == {'a': 2}",
    '1 > 2',
    "'x' in []",
    '1 is string',
    "'abc'.matches('b')",
    "request.method == 'list'",
    '!true',
  ])('false: %s', (expr) => {
    expect(cond(expr, opts)).toBe(false);
  });
});

describe('errors deny, and && / || absorb them like Firestore', () => {
  it.each([
    ['1 / 0', /Division by zero/],
    ['1 % 0', /Division by zero/],
    ['9223372036854775807 + 1', /overflow/],
    ["1 + 'a'", /Unsupported operation/],
    ["1 < 'a'", /comparison/],
    ['resource.data.missing == 1', /Property missing is undefined/],
    ['[1][5] == 1', /out of range/],
    ["'1'", /not a boolean/],
    ["int('x') == 1", /Cannot convert/],
    ['request.auth.uid == null', /Null value error/],
    ["{'a': 1}.b == 1", /Property b is undefined/],
    ["'a'.keys() == []", /Function not found/],
    ['get(/databases/(default)/documents/a) == null', /document path/],
    ["(/a/$(x)).bind({'y': 'v'}) == /a/v", /no value for 'x'/],
    ["(/a/$(x)).bind({'x': [1]}) == /a/v", /must be a string/],
    ["path('a/b').nope == 'x'", /no binding named 'nope'/],
    ["path('a/b')['nope'] == 'x'", /no binding named 'nope'/],
    ["path('a/b').bind('x') == path('a/b')", /bind\(\) takes a map/],
    ['math.floor(1.0 / 0) == 1', /Cannot convert/],
    ["b'a'.toBase64() == 1 || b'a' < 'a'", /comparison/],
  ])('%s is an error', (expr, message) => {
    const r = cond(expr, { resource: doc('t/doc1', {}) });
    expect(r).toMatch(/^error: /);
    expect(r).toMatch(message);
  });

  it('error || true is true, true || error is true', () => {
    expect(cond('resource.data.missing == 1 || true', opts)).toBe(true);
    expect(cond('true || resource.data.missing == 1', opts)).toBe(true);
  });
  it('error || false is an error', () => {
    expect(cond('resource.data.missing == 1 || false', opts)).toMatch(/^error: /);
    expect(cond('false || resource.data.missing == 1', opts)).toMatch(/^error: /);
  });
  it('error && false is false, false && error is false', () => {
    expect(cond('resource.data.missing == 1 && false', opts)).toBe(false);
    expect(cond('false && resource.data.missing == 1', opts)).toBe(false);
  });
  it('error && true is an error', () => {
    expect(cond('resource.data.missing == 1 && true', opts)).toMatch(/^error: /);
    expect(cond('true && resource.data.missing == 1', opts)).toMatch(/^error: /);
  });
  it('! of an error is an error; ?: with an error condition is an error', () => {
    expect(cond('!(resource.data.missing == 1)', opts)).toMatch(/^error: /);
    expect(cond('resource.data.missing ? true : true', opts)).toMatch(/^error: /);
  });
  it('the unchosen branch of ?: is not evaluated', () => {
    expect(cond('true ? true : 1 / 0 == 1', opts)).toBe(true);
  });
  it('a non-boolean operand of && is an error', () => {
    expect(cond('1 && true', opts)).toMatch(/^error: /);
  });
  it('an anonymous caller has request.auth == null', () => {
    expect(cond('request.auth == null')).toBe(true);
  });
});

describe('functions', () => {
  const fns = `
    function isOwner(uid) { return resource.data.owner == uid; }
    function twice(x) { let y = x * 2; return y; }
    function unusedError() { let bad = 1 / 0; return true; }
    function usedError() { let bad = 1 / 0; return bad == 1; }
    function usesWild() { return database == '(default)'; }
    function calls(x) { return twice(x) + 1; }
    function recurse(n) { return recurse(n); }
  `;
  it('calls user functions with arguments and let bindings', () => {
    expect(cond("isOwner('alice') && !isOwner('bob')", { ...opts, functions: fns })).toBe(true);
    expect(cond('twice(21) == 42 && calls(1) == 3', { ...opts, functions: fns })).toBe(true);
  });
  it('a let binding that fails only matters when used', () => {
    expect(cond('unusedError()', { ...opts, functions: fns })).toBe(true);
    expect(cond('usedError()', { ...opts, functions: fns })).toMatch(/Division by zero/);
  });
  it('functions see the wildcard variables of their match block', () => {
    expect(cond('usesWild()', { ...opts, functions: fns })).toBe(true);
  });
  it('recursion stops at the call depth limit (an error, not a hang)', () => {
    expect(cond('recurse(1)', { ...opts, functions: fns })).toMatch(/depth/);
  });
});

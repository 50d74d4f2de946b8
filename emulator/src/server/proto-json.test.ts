import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import {
  decodeToJson,
  encodeDocument,
  encodeJson,
  formatTimestamp,
  lookupType,
  parseTimestamp,
  responseEncoder,
} from './proto-json';

function roundTrip(typeName: string, json: JsonObject): JsonObject {
  const type = lookupType(typeName);
  return decodeToJson(type, encodeJson(type, json));
}

describe('timestamps', () => {
  it('formats with exactly nine fractional digits', () => {
    expect(formatTimestamp(1_700_000_000n, 5)).toBe('2023-11-14T22:13:20.000000005Z');
    expect(formatTimestamp(0n, 0)).toBe('1970-01-01T00:00:00.000000000Z');
    expect(formatTimestamp(-62135596800n, 0)).toBe('0001-01-01T00:00:00.000000000Z');
    expect(formatTimestamp(253402300799n, 999_999_999)).toBe('9999-12-31T23:59:59.999999999Z');
  });
  it('parses RFC 3339 with any precision and offsets', () => {
    expect(parseTimestamp('2023-11-14T22:13:20Z')).toEqual({ seconds: 1_700_000_000n, nanos: 0 });
    expect(parseTimestamp('2023-11-14T22:13:20.000000005Z')).toEqual({ seconds: 1_700_000_000n, nanos: 5 });
    expect(parseTimestamp('1969-12-31T23:59:59.999999999Z')).toEqual({ seconds: -1n, nanos: 999_999_999 });
    expect(parseTimestamp('0050-01-01T00:00:00.000000000Z').seconds).toBe(-60589296000n);
    expect(parseTimestamp('2023-11-14T22:13:20.5Z')).toEqual({ seconds: 1_700_000_000n, nanos: 500_000_000 });
    expect(parseTimestamp('2023-11-14T23:13:20.123456789+01:00')).toEqual({ seconds: 1_700_000_000n, nanos: 123_456_789 });
    expect(parseTimestamp('0001-01-01T00:00:00Z').seconds).toBe(-62135596800n);
    expect(() => parseTimestamp('yesterday')).toThrow(/Invalid timestamp/);
  });
});

describe('protobuf <-> canonical JSON', () => {
  it('round-trips every Value type', () => {
    const fields: JsonObject = {
      n: { nullValue: 'NULL_VALUE' },
      b: { booleanValue: false },
      i: { integerValue: '-9223372036854775808' },
      z: { integerValue: '0' },
      d: { doubleValue: 1.5 },
      nan: { doubleValue: 'NaN' },
      inf: { doubleValue: 'Infinity' },
      ninf: { doubleValue: '-Infinity' },
      t: { timestampValue: '2026-11-22T06:57:13.123456789Z' },
      s: { stringValue: 'é✓😀' },
      empty: { stringValue: '' },
      bytes: { bytesValue: 'AAEC/w==' },
      ref: { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
      geo: { geoPointValue: { latitude: 6.5, longitude: 3.4 } },
      arr: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
      emptyArr: { arrayValue: {} },
      map: { mapValue: { fields: { 'a.b': { integerValue: '2' } } } },
      emptyMap: { mapValue: {} },
    };
    const doc = {
      name: 'projects/p/databases/(default)/documents/c/d',
      fields,
      createTime: '2026-11-22T06:57:13.000000001Z',
      updateTime: '2026-11-22T06:57:13.100000000Z',
    };
    expect(roundTrip('google.firestore.v1.Document', doc)).toEqual(doc);
  });

  it('converts enums by name, oneofs, Int32Value wrappers and bytes in a query request', () => {
    const request: JsonObject = {
      parent: 'projects/p/databases/(default)/documents',
      structuredQuery: {
        from: [{ collectionId: 'c', allDescendants: true }],
        where: {
          compositeFilter: {
            op: 'OR',
            filters: [
              { fieldFilter: { field: { fieldPath: 'a' }, op: 'GREATER_THAN_OR_EQUAL', value: { integerValue: '3' } } },
              { unaryFilter: { op: 'IS_NAN', field: { fieldPath: 'b' } } },
            ],
          },
        },
        orderBy: [
          { field: { fieldPath: 'a' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
        startAt: { values: [{ integerValue: '5' }], before: true },
        endAt: { values: [{ integerValue: '9' }] },
        offset: 2,
        limit: 20,
      },
      newTransaction: { readWrite: { retryTransaction: 'dHg=' } },
    };
    expect(roundTrip('google.firestore.v1.RunQueryRequest', request)).toEqual(request);
  });

  it('round-trips a Listen response with target changes, resume tokens and a cause', () => {
    const response: JsonObject = {
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [2, 4],
        cause: { code: 7, message: 'Missing or insufficient permissions.' },
        resumeToken: 'AAAAAAAAAAE=',
        readTime: '2026-11-22T06:57:13.000000000Z',
      },
    };
    expect(roundTrip('google.firestore.v1.ListenResponse', response)).toEqual(response);
    const noChange = { targetChange: { resumeToken: 'AQ==', readTime: '2026-11-22T06:57:13.000000000Z' } };
    expect(roundTrip('google.firestore.v1.ListenResponse', noChange)).toEqual(noChange);
  });

  it('round-trips write transforms, masks, preconditions and labels', () => {
    const request: JsonObject = {
      database: 'projects/p/databases/(default)',
      streamToken: 'c3Q=',
      labels: { a: 'b' },
      writes: [
        {
          update: { name: 'projects/p/databases/(default)/documents/c/d', fields: { x: { integerValue: '1' } } },
          updateMask: { fieldPaths: ['x', '`a.b`'] },
          updateTransforms: [
            { fieldPath: 'n', increment: { integerValue: '3' } },
            { fieldPath: 'at', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'l', appendMissingElements: { values: [{ integerValue: '1' }] } },
          ],
          currentDocument: { updateTime: '2026-11-22T06:57:13.000000000Z' },
        },
        { delete: 'projects/p/databases/(default)/documents/c/e', currentDocument: { exists: false } },
        { verify: 'projects/p/databases/(default)/documents/c/f', currentDocument: { exists: true } },
      ],
    };
    expect(roundTrip('google.firestore.v1.WriteRequest', request)).toEqual(request);
  });

  it('round-trips aggregation results and structured aggregation queries', () => {
    const req: JsonObject = {
      parent: 'projects/p/databases/(default)/documents',
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'c' }], limit: 5 },
        aggregations: [
          { count: { upTo: '10' }, alias: 'aggregate_0' },
          { sum: { field: { fieldPath: 'x' } }, alias: 's' },
          { avg: { field: { fieldPath: 'x' } }, alias: 'a' },
        ],
      },
    };
    expect(roundTrip('google.firestore.v1.RunAggregationQueryRequest', req)).toEqual(req);
    const res: JsonObject = {
      result: { aggregateFields: { aggregate_0: { integerValue: '3' }, a: { nullValue: 'NULL_VALUE' } } },
      readTime: '2026-11-22T06:57:13.000000000Z',
    };
    expect(roundTrip('google.firestore.v1.RunAggregationQueryResponse', res)).toEqual(res);
  });

  it('rejects malformed protobuf bytes', () => {
    const type = lookupType('google.firestore.v1.CommitRequest');
    expect(() => decodeToJson(type, Buffer.from([0x12, 0x05, 0x0a]))).toThrow();
  });
});

describe('responses with documents (each document version encoded once)', () => {
  const fields: JsonObject = {
    n: { integerValue: '9007199254740993' },
    t: { timestampValue: '2026-11-22T06:57:13.123456789Z' },
    m: { mapValue: { fields: { s: { stringValue: 'é✓😀' }, d: { doubleValue: 'NaN' } } } },
  };
  const doc = (updateTime: string, f: JsonObject = fields): JsonObject => ({
    name: 'projects/p/databases/(default)/documents/c/d',
    fields: f,
    createTime: '2026-11-22T06:57:13.000000001Z',
    updateTime,
  });
  const v1 = '2026-11-22T06:57:13.000000001Z';
  const v2 = '2026-11-22T06:57:14.000000002Z';

  function decode(typeName: string, bytes: Buffer): JsonObject {
    return decodeToJson(lookupType(typeName), bytes);
  }

  it('encodes RunQuery, BatchGetDocuments and Listen answers to the same messages as the plain encoder', () => {
    const cases: [string, JsonObject][] = [
      ['google.firestore.v1.RunQueryResponse', { document: doc(v1), readTime: v2, transaction: 'dHg=' }],
      ['google.firestore.v1.RunQueryResponse', { readTime: v2 }],
      [
        'google.firestore.v1.RunQueryResponse',
        {
          document: { name: 'projects/p/databases/(default)/documents/c/e', fields: {}, createTime: v1, updateTime: v1 },
          readTime: v2,
        },
      ],
      ['google.firestore.v1.BatchGetDocumentsResponse', { found: doc(v1), readTime: v2 }],
      [
        'google.firestore.v1.BatchGetDocumentsResponse',
        { missing: 'projects/p/databases/(default)/documents/c/x', readTime: v2 },
      ],
      ['google.firestore.v1.ListenResponse', { documentChange: { document: doc(v1), targetIds: [1, 2], removedTargetIds: [3] } }],
      [
        'google.firestore.v1.ListenResponse',
        { targetChange: { targetChangeType: 'CURRENT', targetIds: [1], resumeToken: 'AQI=', readTime: v2 } },
      ],
    ];
    for (const [typeName, json] of cases) {
      const encode = responseEncoder(lookupType(typeName));
      // Twice: the second answer comes from the caches.
      for (let i = 0; i < 2; i++) {
        const bytes = encode(json);
        expect(decode(typeName, bytes)).toEqual(decode(typeName, encodeJson(lookupType(typeName), json)));
        // (An empty map is omitted on the wire, as by the plain encoder.)
        if (JSON.stringify(json).includes('"fields":{}')) continue;
        expect(decode(typeName, bytes)).toEqual(json);
      }
    }
  });

  it('reuses the bytes of a document version, and never serves a stale version', () => {
    const type = lookupType('google.firestore.v1.Document');
    const first = encodeDocument(type, doc(v1));
    expect(encodeDocument(type, doc(v1))).toBe(first);
    // The same fields object with another update time (or name) is another document version.
    const second = encodeDocument(type, doc(v2));
    expect(second).not.toBe(first);
    expect(decodeToJson(type, second)['updateTime']).toBe(v2);
    expect(
      decodeToJson(type, encodeDocument(type, { ...doc(v2), name: 'projects/p/databases/(default)/documents/c/other' }))['name'],
    ).toBe('projects/p/databases/(default)/documents/c/other');
    // Equal but distinct fields objects (a projection, a new version) are encoded afresh, correctly.
    const projected = { ...doc(v2, { n: fields['n'] as JsonObject }) };
    expect(decodeToJson(type, encodeDocument(type, projected))).toEqual(projected);
    // Many readTimes in one stream: the memo of the other fields stays bounded and correct.
    const encode = responseEncoder(lookupType('google.firestore.v1.RunQueryResponse'));
    for (let i = 0; i < 200; i++) {
      const readTime = formatTimestamp(1_800_000_000n + BigInt(i), i);
      expect(decode('google.firestore.v1.RunQueryResponse', encode({ document: doc(v1), readTime }))['readTime']).toBe(readTime);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import { decodeToJson, encodeJson, formatTimestamp, lookupType, parseTimestamp } from './proto-json';

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
        orderBy: [{ field: { fieldPath: 'a' }, direction: 'DESCENDING' }, { field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
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

/** RunAggregationQuery: count (with upTo), sum and avg with Firestore's integer/double semantics. */
import type { Json, JsonObject, Value } from '../contract';
import { Code, RpcError } from '../contract';
import type { DocRecord } from './store';
import { doubleOf, doubleValue, getField, isObject, NULL_VALUE, parseFieldPath } from './values';

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const ALIAS = /^[A-Za-z_][A-Za-z_0-9]*$/;

function parseUpTo(v: Json | undefined): bigint | null {
  if (v === undefined || v === null) return null;
  const raw = isObject(v) ? v['value'] : v;
  if ((typeof raw === 'string' && /^\d+$/.test(raw)) || (typeof raw === 'number' && Number.isSafeInteger(raw))) {
    const n = BigInt(raw);
    if (n <= 0n) throw invalid('count upTo must be greater than zero.');
    return n;
  }
  throw invalid('Invalid count upTo.');
}

type Agg = { alias: string; kind: 'count'; upTo: bigint | null } | { alias: string; kind: 'sum' | 'avg'; path: string[] };

function parseAggregations(specs: Json | undefined): Agg[] {
  if (!Array.isArray(specs) || specs.length === 0) throw invalid('At least one aggregation is required.');
  if (specs.length > 5) {
    throw invalid(
      `Aggregation query contains more than the maximum number of aggregations (5): ${specs.length} aggregations were requested.`,
    );
  }
  const seen = new Set<string>();
  return specs.map((s, i) => {
    if (!isObject(s)) throw invalid('Invalid aggregation.');
    const rawAlias = s['alias'];
    const alias = rawAlias === undefined || rawAlias === null || rawAlias === '' ? `field_${i + 1}` : rawAlias;
    if (typeof alias !== 'string' || !ALIAS.test(alias) || alias.length > 1500) throw invalid(`Invalid aggregation alias.`);
    if (seen.has(alias)) throw invalid(`Duplicate aggregation alias '${alias}'.`);
    seen.add(alias);
    const kinds = ['count', 'sum', 'avg'].filter((k) => s[k] !== undefined && s[k] !== null);
    if (kinds.length !== 1) throw invalid('An aggregation must set exactly one of count, sum or avg.');
    const kind = kinds[0] as 'count' | 'sum' | 'avg';
    const body = s[kind];
    if (!isObject(body)) throw invalid('Invalid aggregation.');
    if (kind === 'count') return { alias, kind, upTo: parseUpTo(body['upTo']) };
    const field = body['field'];
    if (!isObject(field)) throw invalid(`The ${kind} aggregation requires a field.`);
    return { alias, kind, path: parseFieldPath(field['fieldPath']) };
  });
}

function sum(docs: DocRecord[], path: string[]): { value: Value; count: number; total: number } {
  let intSum = 0n;
  let dbl = 0;
  let sawDouble = false;
  let overflow = false;
  let count = 0;
  for (const d of docs) {
    const v = getField(d.fields, path);
    if (!v) continue;
    if ('integerValue' in v) {
      count++;
      const n = BigInt(v['integerValue'] as string);
      dbl += Number(n);
      if (!overflow) {
        intSum += n;
        if (intSum > INT64_MAX || intSum < INT64_MIN) overflow = true;
      }
    } else if ('doubleValue' in v) {
      count++;
      sawDouble = true;
      dbl += doubleOf(v);
    }
  }
  const value = sawDouble || overflow ? doubleValue(dbl) : { integerValue: intSum.toString() };
  return { value, count, total: dbl };
}

/** Computes the aggregateFields of an AggregationResult over the query's documents. */
export function aggregate(specs: Json | undefined, all: DocRecord[]): JsonObject {
  const out: JsonObject = {};
  const aggs = parseAggregations(specs);
  // Firestore answers an aggregation from an index holding every aggregated field, so every aggregation
  // (count included) sees only the documents that have all the fields summed or averaged.
  const paths = aggs.flatMap((a) => (a.kind === 'count' ? [] : [a.path]));
  const docs = paths.length === 0 ? all : all.filter((d) => paths.every((p) => getField(d.fields, p) !== undefined));
  for (const a of aggs) {
    if (a.kind === 'count') {
      let n = BigInt(docs.length);
      if (a.upTo !== null && n > a.upTo) n = a.upTo;
      out[a.alias] = { integerValue: n.toString() };
    } else if (a.kind === 'sum') {
      out[a.alias] = sum(docs, a.path).value;
    } else {
      const s = sum(docs, a.path);
      out[a.alias] = s.count === 0 ? NULL_VALUE : doubleValue(s.total / s.count);
    }
  }
  return out;
}

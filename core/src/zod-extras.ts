/**
 * The two pieces of classic zod that zod/mini (the build core and the browser use) leaves out, with the same
 * behaviour: a transform reporting a problem, and preprocess.
 */
import { z } from 'zod/mini';

/**
 * A problem found by a transform. zod/mini hands a transform the parse payload itself (classic zod's ctx.addIssue
 * is not there): the issue is pushed onto its list, about the value being transformed, as addIssue did.
 */
export function addCustomIssue(ctx: z.core.ParsePayload, message: string, path?: PropertyKey[]): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, ...(path ? { path } : {}) });
}

/** A pipe whose input is optional exactly when its schema's is, as classic zod types preprocess. */
export interface ZodMiniPreprocess<S extends z.core.$ZodType> extends z.ZodMiniPipe<z.core.$ZodTransform<unknown, unknown>, S> {
  _zod: z.core.$ZodPreprocessInternals<S, unknown>;
}

/** Classic zod's preprocess: `fn` runs on the raw input, `schema` parses what it returns. */
export function preprocess<S extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: S): ZodMiniPreprocess<S> {
  return z.pipe(z.transform(fn), schema);
}

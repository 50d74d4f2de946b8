import { describe, expect, it } from 'vitest';
import { errorBodyFromZod } from './api/errors';
import { withdrawRequestSchema } from './api/wallet';
import { documentIdSchema, documentIdProblem, isWellFormedText } from './document-id';

describe("one document-id schema: Firestore's rules for an id (issue 31 item 7)", () => {
  it('accepts what Firestore accepts as an id', () => {
    for (const id of ['pot-1', 'AbC123xyz', 'ade bayo', '_x_', '__x', 'x__', '.x', 'ìgbà', '\u{1F600}', 'x'.repeat(128)]) {
      expect(documentIdProblem(id)).toBeNull();
    }
  });

  it('refuses /, . and .., __x__, broken Unicode, blank and over-long ids with a message', () => {
    expect(documentIdProblem('')).toBe('Id is required');
    expect(documentIdProblem('   ')).toBe('Id is required');
    expect(documentIdProblem('a/b')).toBe("Id must not contain '/'");
    expect(documentIdProblem('.')).toBe("Id must not be '.' or '..'");
    expect(documentIdProblem('..')).toBe("Id must not be '.' or '..'");
    expect(documentIdProblem('__x__')).toBe("Id must not start and end with '__'");
    expect(documentIdProblem('____')).toBe("Id must not start and end with '__'");
    expect(documentIdProblem('a\uD800')).toBe('Id must be valid text (it has a broken Unicode character)');
    expect(documentIdProblem('\uDC00a')).toBe('Id must be valid text (it has a broken Unicode character)');
    expect(documentIdProblem('\u{1F600}'.repeat(376))).toBe('Id must not be more than 1500 bytes');
    expect(documentIdProblem('x'.repeat(129))).toBe('Id must not be more than 128 characters');
    expect(isWellFormedText('a\uD83D\uDE00b')).toBe(true);
  });

  it('a request names the field: destination_account', () => {
    expect(documentIdSchema.safeParse(42).success).toBe(false);
    const result = withdrawRequestSchema.safeParse({ destination_account: 'bank/1', amount: 500, pin: '1234' });
    expect(result.success ? null : errorBodyFromZod(result.error).message).toBe("destination_account: Id must not contain '/'");
  });
});

import { describe, expect, it } from 'vitest';
import { NOW } from '../../test/api-fixtures';
import { signalSchema } from './signals';

describe('signal document', () => {
  it('takes the target groups and Active only; its time becomes epoch milliseconds', () => {
    const signal = {
      title: 'Start Trading',
      details: 'start trading',
      group: 'C sub',
      status: 'Active',
      timestamp: { toMillis: () => 5 },
      created_at: NOW,
    };
    expect(signalSchema.parse(signal).timestamp).toBe(5);
    expect(signalSchema.safeParse({ ...signal, group: 'D' }).success).toBe(false);
    expect(signalSchema.safeParse({ ...signal, status: 'Closed' }).success).toBe(false);
    expect(signalSchema.safeParse({ ...signal, title: 3 }).success).toBe(false);
  });
});

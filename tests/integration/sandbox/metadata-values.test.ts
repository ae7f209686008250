// Metadata holds your own identifiers as text, as the Metadata schema says: a value of another
// type is refused, never turned into a string.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post } = sandboxForEachTest();

const CUSTOMER = { name: 'Amelia Hart', email: 'amelia.hart@example.com' };

describe('metadata', () => {
  it('takes only string values, refusing a number, true, an object or null by its key', async () => {
    for (const value of [42, true, { id: 'HW-118' }, null]) {
      const refused = await post('/v1/customers', { ...CUSTOMER, metadata: { crm_id: value } });
      expect(refused.status, JSON.stringify(value)).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'parameter_invalid',
        param: 'metadata.crm_id',
        message: 'The metadata.crm_id parameter must be a string.',
      });
    }
    const kept = await post('/v1/customers', { ...CUSTOMER, metadata: { crm_id: '42' } });
    expect(kept.status).toBe(201);
    expect(kept.body.metadata).toEqual({ crm_id: '42' });
  });
});

import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// Your organisation and its sub-organisations as the Organisations page and their endpoints
// describe them: what a sub-organisation takes from its parent, the statement descriptor's
// characters, and the sub-organisation endpoints that never answer with the parent itself.
const { post, get, patch } = sandboxForEachTest();

const SKI = { name: 'Harbour Lane Ski', statement_descriptor: 'HARBOURLANE SKI' };

describe('a new sub-organisation', () => {
  it("takes the parent's default_currency, support_email and support_phone when not sent", async () => {
    // A parent's support number of its own, so the sub-organisation cannot have it by chance.
    const parent = await patch('/v1/organisation', { support_phone: '+441632960123' });
    expect(parent.status, JSON.stringify(parent.body)).toBe(200);
    const created = await post('/v1/organisations', SKI);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      default_currency: parent.body.default_currency,
      support_email: parent.body.support_email,
      support_phone: '+441632960123',
      parent_id: parent.body.id,
    });
  });

  it('keeps the default_currency, support_email and support_phone it is sent', async () => {
    const sent = {
      default_currency: 'EUR',
      support_email: 'ski@harbourlane.example',
      support_phone: '+33140205050',
    };
    const created = await post('/v1/organisations', { ...SKI, ...sent });
    expect(created.body).toMatchObject(sent);
  });

  it("shares its parent's legal_name, which no request can change", async () => {
    const parent = (await get('/v1/organisation')).body;
    const created = await post('/v1/organisations', SKI);
    expect(created.body.legal_name).toBe(parent.legal_name);
    const refused = await patch('/v1/organisation', { legal_name: 'Harbour Lane Holidays Ltd' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'legal_name' });
    expect((await get('/v1/organisation')).body.legal_name).toBe(parent.legal_name);
  });
});

describe('the statement descriptor', () => {
  it('needs at least one letter among its digits and spaces', async () => {
    const created = await post('/v1/organisations', { ...SKI, statement_descriptor: '12345' });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'statement_descriptor',
    });
    const updated = await patch('/v1/organisation', { statement_descriptor: '2026 0417' });
    expect(updated.status).toBe(400);
    expect(updated.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'statement_descriptor',
    });
    const lettered = await patch('/v1/organisation', { statement_descriptor: 'HL 2026 0417' });
    expect(lettered.status, JSON.stringify(lettered.body)).toBe(200);
    expect(lettered.body.statement_descriptor).toBe('HL 2026 0417');
  });
});

describe('the sub-organisation endpoints', () => {
  it('answer 404 for the calling organisation itself, which only GET /v1/organisation reads', async () => {
    const own = (await get('/v1/organisation')).body;
    const read = await get(`/v1/organisations/${own.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error).toMatchObject({ code: 'resource_missing', param: 'id' });
    expect(read.body.error.message).toContain('GET /v1/organisation');
    const created = await post('/v1/organisations', SKI);
    expect((await get(`/v1/organisations/${created.body.id}`)).status).toBe(200);
  });

  it('list the sub-organisations only, never the calling organisation', async () => {
    const own = (await get('/v1/organisation')).body;
    // Once changed, the calling organisation is this sandbox's own object, and still not listed.
    await patch('/v1/organisation', { name: 'Harbour Lane Travel Group' });
    const created = await post('/v1/organisations', SKI);
    const listed = (await get('/v1/organisations')).body.data as {
      id: string;
      parent_id: string;
    }[];
    expect(listed.map(({ id }) => id)).toContain(created.body.id);
    expect(listed.map(({ id }) => id)).not.toContain(own.id);
    expect(listed.every(({ parent_id }) => parent_id === own.id)).toBe(true);
  });
});

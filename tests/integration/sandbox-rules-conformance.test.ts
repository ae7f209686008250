// The sandbox of the served build holds to every bound and business rule the document states:
// for each (derived from openapi/openapi.yaml), a request that breaks it gets the documented
// error in the documented message style, and one that keeps it is accepted. The requests are
// made in tests/support/rule-case-calls.ts and planned in tests/support/rule-case-plans.ts.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseCall, cases, openCaseSandbox, send } from '../support/rule-case-calls';
import { planBound, planRule } from '../support/rule-case-plans';
import { caseName, paramOf } from '../support/rule-cases';

/** The one style of a refusal about a field: `The description parameter must be at most 255 characters.` */
const MESSAGE_STYLE = /^The [\w.-]+ (parameter|header) \S[^\n]*\.$/;

let baseUrl = '';

beforeAll(() => {
  baseUrl = inject('baseUrl');
});

describe('every bound and rule of the document, against the served sandbox', () => {
  it('has cases for every x-rules kind the document uses, and for the schema bounds', () => {
    expect(cases.filter((item) => 'rule' in item).length).toBeGreaterThan(30);
    expect(cases.filter((item) => 'keyword' in item).length).toBeGreaterThan(100);
  });

  // Each case has a sandbox of its own, so they run side by side.
  it.concurrent.each(cases.map((item) => [caseName(item), item] as const))(
    '%s',
    async (_, item) => {
      const sandbox = await openCaseSandbox(baseUrl);
      const call = await baseCall(sandbox, item);
      const planned = 'rule' in item ? await planRule(sandbox, item, call) : planBound(item, call);
      const method = item.method;
      // Every case but a default sends a request that breaks its rule.
      if (planned.code) expect(planned.breaking, 'no request breaks the rule').toBeDefined();
      if (planned.breaking) {
        const refused = await send(sandbox, method, planned.breaking.path, planned.breaking);
        expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
        expect(refused.body.error).toMatchObject({ code: planned.code, param: paramOf(item) });
        expect(String(refused.body.error?.message)).toMatch(MESSAGE_STYLE);
      }
      // The object the breaking request was refused on is unchanged, so the same one serves again.
      const kept = planned.kept!;
      let accepted = await send(sandbox, method, kept.path, kept);
      // A fresh object may lack what the documented request was written for (a bank account still
      // being verified, a customer without the example's card): the example's own object serves.
      if (accepted.status >= 400 && kept.object && kept.exampleId) {
        const path = kept.path.replace(String(kept.object.id), kept.exampleId);
        accepted = await send(sandbox, method, path, kept);
      }
      // A documented conflict of the object's state (a card a scheduled payment will charge) is not
      // about the field: the value was kept.
      const conflict = accepted.status === 409 && accepted.body.error?.param !== paramOf(item);
      if (!conflict) expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
      planned.check?.(accepted);
    },
  );
});

// Every operation's generated validator module, as the console's validation in the browser runs
// it: each documented example, opened as the console opens it, passes its validation, and no
// module asks the browser for more than the Ajv runtime the console provides. Making and loading
// a module for every operation of the document takes seconds, so this runs in the integration
// gate; tests/unit/console-validation.test.ts checks a module's answers against the sandbox's.
import { describe, expect, it } from 'vitest';
import { problemsOf } from '@/components/console/validators';
import { aheadOfNow } from '@/lib/console/opening-values';
import { operationSpec } from '@/lib/console/operation-spec';
import { VALIDATOR_RUNTIME_MODULES } from '@/lib/console/validator-module';
import { loadDocument } from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import { source } from '@/lib/source';
import { moduleOf, validatorsOf } from '../support/console-validators';

const document = loadDocument();
const links = await source.links();

describe('validation in the browser', () => {
  it('finds nothing wrong with any documented example, as the console opens it', async () => {
    for (const { operation } of allOperations(document)) {
      const spec = operationSpec(document, operation.operationId, links);
      const validators = await validatorsOf(operation.operationId);
      const opened = aheadOfNow(spec, spec.example, Date.now());
      expect(problemsOf(validators, spec, opened), operation.operationId).toEqual([]);
    }
  });

  it('asks the browser only for the Ajv runtime the console provides', () => {
    for (const { operation } of allOperations(document)) {
      const code = moduleOf(operation.operationId);
      for (const [, name] of code.matchAll(/require\("([^"]+)"\)/g)) {
        expect(VALIDATOR_RUNTIME_MODULES, operation.operationId).toContain(name);
      }
    }
  });
});

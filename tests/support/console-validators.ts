// The console's generated validator modules (lib/console/validator-module.ts) as the browser runs
// them: each operation's module, made once, written to a file and imported with the Ajv runtime
// it asks for.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Validators } from '@/components/console/validators';
import { validatorModule } from '@/lib/console/validator-module';
import { loadDocument } from '@/lib/openapi/document';

const document = loadDocument();
const folder = mkdtempSync(path.join(tmpdir(), 'console-validators-'));
const runtime = createRequire(import.meta.url);

const modules = new Map<string, string>();
/** The code of an operation's generated validator module. */
export const moduleOf = (operationId: string) => {
  if (!modules.has(operationId)) modules.set(operationId, validatorModule(document, operationId));
  return modules.get(operationId)!;
};

/** Imports an operation's generated module as a browser would, with the Ajv runtime it asks for. */
export async function validatorsOf(operationId: string): Promise<Validators> {
  const file = path.join(folder, `${operationId}.mjs`);
  writeFileSync(file, moduleOf(operationId));
  const generated = (await import(pathToFileURL(file).href)) as {
    default: (require: (name: string) => unknown) => Validators;
  };
  return generated.default((name) => runtime(name));
}

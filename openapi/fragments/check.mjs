// Merges openapi.yaml with the fragments named on the command line (or all), writes
// /tmp/openapi-check/openapi.yaml, lints it with Redocly and validates every example.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { exampleViolations } from '../../lib/openapi/examples.ts';

const here = new URL('.', import.meta.url).pathname;
const names = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(here).filter((file) => file.endsWith('.yaml')).map((file) => file.replace(/\.yaml$/, ''));
const base = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
base.tags = [];
for (const name of names) {
  const fragment = parse(readFileSync(`${here}${name}.yaml`, 'utf8'));
  base.tags.push(...(fragment.tags ?? []));
  for (const key of ['paths', 'webhooks']) {
    for (const [path, item] of Object.entries(fragment[key] ?? {})) {
      if (base[key][path]) throw new Error(`${name}: ${key} ${path} defined twice`);
      base[key][path] = item;
    }
  }
  for (const [section, entries] of Object.entries(fragment.components ?? {})) {
    base.components[section] ??= {};
    for (const [id, value] of Object.entries(entries)) {
      if (base.components[section][id]) throw new Error(`${name}: components.${section}.${id} defined twice`);
      base.components[section][id] = value;
    }
  }
  for (const code of fragment['x-error-codes'] ?? []) {
    if (base.components.schemas.ErrorCode.oneOf.some((entry) => entry.const === code.const)) {
      console.warn(`${name}: error code ${code.const} already exists; not added twice`);
      continue;
    }
    base.components.schemas.ErrorCode.oneOf.push(code);
  }
}
const out = process.env.OPENAPI_MERGED ?? '/tmp/openapi-check/openapi.yaml';
mkdirSync(out.replace(/\/[^/]*$/, ''), { recursive: true });
writeFileSync(out, stringify(base, { lineWidth: 0, aliasDuplicateObjects: false }));
console.log(`merged ${names.join(', ')} into ${out}`);

const violations = exampleViolations(base);
for (const v of violations) console.log(`EXAMPLE ${v.location}\n  ${v.errors.join('\n  ')}`);
console.log(`${violations.length} example violations`);

const codes = new Set(base.components.schemas.ErrorCode.oneOf.map((entry) => entry.const));
for (const item of [...Object.values(base.paths), ...Object.values(base.webhooks)]) {
  for (const operation of Object.values(item)) {
    for (const code of operation?.['x-errors'] ?? []) {
      if (!codes.has(code)) console.log(`UNKNOWN ERROR CODE ${operation.operationId}: ${code}`);
    }
  }
}
try {
  execFileSync('npx', ['redocly', 'lint', out, '--format', 'stylish'], { stdio: 'inherit' });
} catch {
  process.exitCode = 1;
}
if (violations.length) process.exitCode = 1;

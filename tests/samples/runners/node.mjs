// Runs JavaScript samples one after another in this one process: each is written as an ES module
// beside the installed @kestrelpay/node, given the fixture's names it uses but does not declare
// (each made as the sample starts), and imported. Reads one sample a line on stdin
// ({ n, code, baseUrl, folder }), writes one result a line on stdout ({ n, error, output }).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';

const [fixtureFile] = process.argv.slice(2);
const { fixture } = await import(pathToFileURL(fixtureFile).href);
const SAMPLE_TIMEOUT_MS = 20_000;
const report = (result) => process.stdout.write(`${JSON.stringify(result)}\n`);

/** Whether the sample declares or imports `name` itself. */
const declares = (code, name) =>
  new RegExp(`\\b(?:const|let|var|function|class)\\s+(?:[[{][^=\\]}]*)?\\b${name}\\b`).test(code) ||
  new RegExp(`\\bimport\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b`).test(code);
const uses = (code, name) => new RegExp(`(?<![.\\w$])${name}\\b`).test(code);

/**
 * A sample that returns (the body of a route: `if (…) return res.redirect(…)`) runs as the body of
 * a function; any other as a module of its own.
 */
const asModule = (code) =>
  /^return\b|[;{)]\s*return\b/m.test(code) && !/^(?:import|export)\b/m.test(code)
    ? `await (async () => {\n${code}\n})();\n`
    : code;

async function run({ n, code, baseUrl, folder }) {
  const { names, files } = fixture(baseUrl, code);
  const given = Object.keys(names).filter((name) => uses(code, name) && !declares(code, name));
  const preamble = given.map((name) => `const ${name} = await sampleFixture.${name}();\n`).join('');
  // The sample sits one folder down, so `./kestrel.js` and `../kestrel.js` both find the fixture's.
  const own = path.join(folder, 'app');
  await mkdir(own, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    if (!code.includes(`/${file}'`)) continue;
    await writeFile(path.join(folder, file), text);
    await writeFile(path.join(own, file), text);
  }
  const file = path.join(own, 'sample.mjs');
  await writeFile(file, preamble + asModule(code));
  const output = [];
  const write = (...values) => output.push(format(...values));
  const kept = { log: console.log, warn: console.warn, error: console.error, info: console.info };
  Object.assign(console, { log: write, warn: write, error: write, info: write });
  globalThis.sampleFixture = names;
  let timer;
  try {
    await Promise.race([
      import(pathToFileURL(file).href),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`did not finish in ${SAMPLE_TIMEOUT_MS} ms`)),
          SAMPLE_TIMEOUT_MS,
        );
      }),
    ]);
    return { n, error: null, output };
  } catch (error) {
    return { n, error: error?.stack ?? String(error), output };
  } finally {
    clearTimeout(timer);
    Object.assign(console, kept);
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) report(await run(JSON.parse(line)));
}

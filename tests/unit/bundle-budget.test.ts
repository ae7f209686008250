import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paintFirst } from '@/lib/html/paint-first.mjs';
import { openApiSignature, searchRecordsSignature } from '@/scripts/bundle-budget/data-signatures';
import {
  FIRST_LOAD_JS_BUDGET_BYTES,
  pageWeight,
  scriptChunks,
  staticFilePath,
} from '@/scripts/bundle-budget/first-load';
import {
  forbiddenContent,
  INSIGHTS_PLUGIN_SIGNATURE,
  LIBRARY_SIGNATURES,
  type Chunk,
} from '@/scripts/bundle-budget/forbidden';

/** Bytes gzip cannot shrink (xorshift noise), so a chunk's size after gzip is about its length. */
function incompressible(length: number) {
  const bytes = Buffer.alloc(length);
  let state = 2463534242;
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

const pageHtml = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head>${scripts.join('')}</head><body><script>self.__next_f=[]</script></body></html>`;

describe('first-load JavaScript of a page', () => {
  it('counts the static scripts once each, without nomodule polyfills or inline scripts', () => {
    const html = pageHtml(
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script src="/_next/static/chunks/b.js?dpl=1" async=""></script>',
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script src="https://cdn.example.com/analytics.js"></script>',
    );
    expect(scriptChunks(html)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
    expect(staticFilePath('/_next/static/chunks/a.js')).toBe('static/chunks/a.js');
  });

  it('counts the chunks a page loads after its first paint', () => {
    const html = paintFirst(
      pageHtml(
        '<script src="/_next/static/chunks/framework.js" async=""></script>',
        '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
        '<script src="/_next/static/chunks/app.js" async=""></script>',
      ),
    );
    expect(scriptChunks(html)).toEqual([
      '/_next/static/chunks/framework.js',
      '/_next/static/chunks/app.js',
    ]);
    const weight = pageWeight('/', html, () => incompressible(80 * 1024));
    expect(weight.overBudget).toBe(true);
  });

  it('passes a page under 150 KiB after gzip', () => {
    const html = pageHtml('<script src="/_next/static/chunks/app.js" async=""></script>');
    const weight = pageWeight('/', html, () => incompressible(100 * 1024));
    expect(weight.gzipBytes).toBeGreaterThan(100 * 1024);
    expect(weight.overBudget).toBe(false);
  });

  it('fails a page whose chunks together pass 150 KiB after gzip', () => {
    const html = pageHtml(
      '<script src="/_next/static/chunks/framework.js" async=""></script>',
      '<script src="/_next/static/chunks/app.js" async=""></script>',
    );
    const weight = pageWeight('/errors', html, () => incompressible(80 * 1024));
    expect(weight.gzipBytes).toBeGreaterThan(FIRST_LOAD_JS_BUDGET_BYTES);
    expect(weight).toMatchObject({ page: '/errors', overBudget: true });
  });

  it('does not count a huge nomodule polyfill', () => {
    const html = pageHtml(
      '<script src="/_next/static/chunks/app.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
    );
    const read = (src: string) => incompressible(src.endsWith('polyfills.js') ? 200_000 : 1000);
    expect(pageWeight('/', html, read).overBudget).toBe(false);
  });
});

const documentYaml = `
openapi: 3.1.0
paths:
  /v1/refunds:
    post:
      operationId: createRefund
      description: |
        Refunds part or all of a captured charge.
        The refund is paid back to the card or bank account the customer paid with, usually within five working days.
`;
const records = [
  { objectID: 'page:/' },
  { objectID: 'page:/webhooks#verify-a-signature' },
  { objectID: 'guide:/guides/payment-links#share-the-link' },
];
const signatures = [
  ...LIBRARY_SIGNATURES,
  openApiSignature(documentYaml),
  searchRecordsSignature(records),
];

/** Each chunk as a minifier leaves it: string literals, object keys and messages survive. */
const chunks: Record<string, string> = {
  clean: String.raw`(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([1,e=>{"use strict";var t=e.i(43476);e.s(["Feedback",0,function(){let[r,o]=(0,t.useState)(!1);return r?"Thanks for your feedback!":"Was this page helpful?"}]),e.s(["search",0,(e,t)=>fetch("/api/search/1/indexes/*/queries",{method:"POST",body:JSON.stringify({requests:[{indexName:"kestrel_docs",query:t,hitsPerPage:5}]})})])}]);`,
  grammar: String.raw`let n=Object.freeze(JSON.parse("{\"displayName\":\"JavaScript\",\"name\":\"javascript\",\"patterns\":[{\"include\":\"#statements\"}],\"scopeName\":\"source.js\"}"));`,
  theme: String.raw`var a={name:"github-dark-default",type:"dark",colors:{"editor.background":"#0d1117"},tokenColors:[{scope:["comment"],settings:{foreground:"#8b949e"}}]};`,
  engine: String.raw`function s(e){let t=this._grammars.get(e);if(!t)throw Error("No grammar provided for <"+e+">");return t}`,
  toHast: String.raw`function f(e){return{type:"element",tagName:"a",properties:{dataFootnoteBackref:"",ariaLabel:"Back to reference "+e}}}`,
  vocabulary: String.raw`throw Error(t+": <"+e.name+"> is not a component of the MDX vocabulary. Use one of: "+n)`,
  micromark: String.raw`function c(e,t,n){return e.enter("codeFencedFence"),e.enter("codeFencedFenceSequence"),r}`,
  openApiSentence: String.raw`var d=JSON.parse('{"summary":"Refund a charge","description":"The refund is paid back to the card or bank account the customer paid with, usually within five working days."}');`,
  operationId: String.raw`let p=[{method:"post",path:"/v1/refunds",operationId:"createRefund"}];`,
  records: String.raw`var h=[{objectID:"page:/webhooks#verify-a-signature",path:"/webhooks#verify-a-signature",type:"section"}];`,
};
const whatIsFoundIn = (name: string) => {
  const chunk: Chunk = { name, text: chunks[name]! };
  return forbiddenContent([chunk], signatures).map((finding) => finding.what);
};

describe('client chunks shipping build-time code or data', () => {
  it('passes a chunk of components and a search call', () => {
    expect(whatIsFoundIn('clean')).toEqual([]);
  });

  it.each([
    ['grammar', 'Shiki grammar data'],
    ['theme', 'Shiki theme data'],
    ['engine', 'the Shiki highlighting engine'],
    ['toHast', 'the HTML renderer of the page pipeline (mdast-util-to-hast, hast-util-to-html)'],
    ['vocabulary', "the site's MDX vocabulary and page parser (lib/mdx)"],
    ['micromark', 'the Markdown parser of the page pipeline (micromark)'],
    ['openApiSentence', 'the OpenAPI document (openapi/openapi.yaml)'],
    ['operationId', 'the OpenAPI document (openapi/openapi.yaml)'],
    ['records', 'the search records'],
  ])('fails a chunk with %s, naming %s', (name, what) => {
    expect(whatIsFoundIn(name)).toEqual([what]);
  });

  it('names the chunk and the text that gave it away', () => {
    const findings = forbiddenContent(
      [
        { name: 'ok.js', text: chunks.clean! },
        { name: '0abc.js', text: chunks.records! },
      ],
      signatures,
    );
    expect(findings).toEqual([
      {
        chunk: '0abc.js',
        what: 'the search records',
        needle: 'page:/webhooks#verify-a-signature',
      },
    ]);
  });

  it('recognises Shiki and the page pipeline as their packages and modules are written', () => {
    const published = (file: string) => ({
      name: file,
      text: readFileSync(`node_modules/${file}`, 'utf8'),
    });
    const findings = forbiddenContent(
      [
        published('@shikijs/langs/dist/javascript.mjs'),
        published('@shikijs/themes/dist/github-dark-default.mjs'),
        published('@shikijs/vscode-textmate/dist/index.js'),
        published('mdast-util-to-hast/lib/footer.js'),
        published('micromark-core-commonmark/lib/code-fenced.js'),
        { name: 'vocabulary.ts', text: readFileSync('lib/mdx/vocabulary/index.ts', 'utf8') },
      ],
      LIBRARY_SIGNATURES,
    );
    expect(new Set(findings.map((finding) => finding.what))).toEqual(
      new Set(LIBRARY_SIGNATURES.map((signature) => signature.what)),
    );
  });
});

describe('the search insights plugin, left out with insights off', () => {
  it('is recognised in its minified build and not in the stand-in that replaces it', () => {
    const plugin = '@algolia/autocomplete-plugin-algolia-insights/dist/umd/index.production.js';
    const findings = forbiddenContent(
      [
        { name: 'plugin.js', text: readFileSync(`node_modules/${plugin}`, 'utf8') },
        { name: 'stand-in.ts', text: readFileSync('lib/search/insights-off.ts', 'utf8') },
      ],
      [INSIGHTS_PLUGIN_SIGNATURE],
    );
    expect(findings.map((finding) => finding.chunk)).toEqual(['plugin.js']);
  });
});

describe('signatures of the project data', () => {
  it('take every operationId and plain description sentence of the document', () => {
    expect(openApiSignature(documentYaml).needles).toEqual([
      'createRefund',
      'The refund is paid back to the card or bank account the customer paid with, usually within five working days.',
    ]);
  });

  it('take the section ids of the records, which only the records file holds', () => {
    expect(searchRecordsSignature(records).needles).toEqual([
      'page:/webhooks#verify-a-signature',
      'guide:/guides/payment-links#share-the-link',
    ]);
  });
});

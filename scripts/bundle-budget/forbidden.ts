/**
 * Build-time code and data that must never reach the browser, recognised by text that
 * minification keeps: string literals, object keys and error messages, never identifiers.
 */
export type Signature = {
  /** What the chunk would be shipping, as the failure names it. */
  what: string;
  /** Any one of these, in normalised text (see `normalise`), gives it away. */
  needles: (string | RegExp)[];
};

export type Chunk = { name: string; text: string };
export type Finding = { chunk: string; what: string; needle: string };

/**
 * Drops quotes and backslashes and folds whitespace, so the same data matches whether a
 * bundler keeps it as an object literal, a JSON string inside `JSON.parse("…")` or a template.
 */
export function normalise(text: string) {
  return text.replace(/[\\"'`]/g, '').replace(/\s+/g, ' ');
}

/** Shiki and the page pipeline, by data and messages found in every build of them. */
export const LIBRARY_SIGNATURES: Signature[] = [
  // Every TextMate grammar names its scope, e.g. "scopeName":"source.ts".
  { what: 'Shiki grammar data', needles: [/scopeName:(?:source|text)\.[a-z]/] },
  // Every VS Code theme Shiki ships lists its "tokenColors".
  { what: 'Shiki theme data', needles: ['tokenColors:['] },
  {
    what: 'the Shiki highlighting engine',
    needles: [
      'No grammar provided for', // @shikijs/vscode-textmate
      'Must invoke loadWasm first', // @shikijs/engine-oniguruma
      'Invalid recursionLimit; use 2-20', // oniguruma-to-es, the JavaScript engine
    ],
  },
  {
    what: 'the HTML renderer of the page pipeline (mdast-util-to-hast, hast-util-to-html)',
    needles: ['data-footnote-backref', 'Back to reference ', 'expected `\'` or `"`'],
  },
  {
    what: "the site's MDX vocabulary and page parser (lib/mdx)",
    needles: ['is not a component of the MDX vocabulary', 'pages cannot run JavaScript'],
  },
  {
    what: 'the Markdown parser of the page pipeline (micromark)',
    needles: ['codeFencedFenceSequence', 'characterReferenceMarkerNumeric'],
  },
];

/** The autocomplete's insights plugin, which a build with search insights off leaves out. */
export const INSIGHTS_PLUGIN_SIGNATURE: Signature = {
  what: 'the search insights plugin, in a build with insights off',
  needles: ['Could not load search-insights.js', '/dist/search-insights.min.js'],
};

/** The first needle of `signature` found in normalised text, if any. */
function firstMatch(normalised: string, signature: Signature) {
  for (const needle of signature.needles) {
    if (typeof needle === 'string') {
      if (normalised.includes(normalise(needle))) return needle;
    } else if (needle.test(normalised)) {
      return String(needle);
    }
  }
  return null;
}

/** Every chunk that contains something a signature describes, with the text that gave it away. */
export function forbiddenContent(chunks: Chunk[], signatures: Signature[]): Finding[] {
  const findings: Finding[] = [];
  for (const chunk of chunks) {
    const normalised = normalise(chunk.text);
    for (const signature of signatures) {
      const needle = firstMatch(normalised, signature);
      if (needle) findings.push({ chunk: chunk.name, what: signature.what, needle });
    }
  }
  return findings;
}

import 'server-only';
import type { ElementContent } from 'hast';
import { bundledLanguages, createHighlighter, type BundledLanguage } from 'shiki';

/** Code frames are dark in both site themes, so one dark theme serves both. */
const THEME = 'github-dark-default';

// Grammars load as pages need them: loading all 200+ up front blocks the server's event loop for
// seconds on the first render of each process (an ISR re-render, a build worker).
const highlighter = createHighlighter({ themes: [THEME], langs: [] });

/** Whether Shiki knows a fence's language; others stay plain code. */
function isKnown(language: string | null | undefined): language is BundledLanguage {
  return Boolean(language) && language! in bundledLanguages;
}

export type Highlight = (code: string, language: string | null | undefined) => ElementContent[];

/**
 * A highlighter for the given languages, ready to use synchronously. Tokens in the frame's own
 * colour stay plain text and neighbours of one colour share a span, to keep pages light.
 */
export async function prepareHighlighter(languages: Iterable<string | null | undefined>) {
  const shiki = await highlighter;
  const wanted = [...new Set(languages)].filter(isKnown);
  await Promise.all(
    wanted
      .filter((lang) => !shiki.getLoadedLanguages().includes(lang))
      .map((lang) => shiki.loadLanguage(lang)),
  );
  const foreground = shiki.getTheme(THEME).fg.toLowerCase();
  const highlight: Highlight = (code, language) => {
    if (!isKnown(language)) return [{ type: 'text', value: code }];
    const lines = shiki.codeToTokensBase(code, { lang: language, theme: THEME });
    const nodes: ElementContent[] = [];
    lines.forEach((tokens, index) => {
      if (index > 0) nodes.push({ type: 'text', value: '\n' });
      let run: { color: string; value: string } | null = null;
      const flush = () => {
        if (!run) return;
        nodes.push(
          run.color === foreground
            ? { type: 'text', value: run.value }
            : {
                type: 'element',
                tagName: 'span',
                properties: { style: `color:${run.color}` },
                children: [{ type: 'text', value: run.value }],
              },
        );
        run = null;
      };
      for (const token of tokens) {
        // Whitespace takes no colour, so it joins whatever run it sits in.
        const color: string = /^\s*$/.test(token.content)
          ? (run?.color ?? foreground)
          : (token.color ?? foreground).toLowerCase();
        if (run && run.color === color) run.value += token.content;
        else {
          flush();
          run = { color, value: token.content };
        }
      }
      flush();
    });
    return nodes;
  };
  return highlight;
}

import { describe, expect, it } from 'vitest';
import { codeTitle, languageLabel } from '@/lib/mdx/code-language';
import { titleFromMeta } from '@/lib/mdx/code-meta';

describe('titleFromMeta', () => {
  it('reads double- or single-quoted titles among other meta', () => {
    expect(titleFromMeta('title="cURL"')).toBe('cURL');
    expect(titleFromMeta("showLineNumbers title='server.js'")).toBe('server.js');
  });

  it('is undefined without a title', () => {
    expect(titleFromMeta(undefined)).toBeUndefined();
    expect(titleFromMeta('showLineNumbers')).toBeUndefined();
  });
});

describe('code block titles', () => {
  it('names known languages and upper-cases unknown ones', () => {
    expect(languageLabel('js')).toBe('JavaScript');
    expect(languageLabel('bash')).toBe('Bash');
    expect(languageLabel('toml')).toBe('TOML');
    expect(languageLabel(undefined)).toBe('Code');
  });

  it('prefers the file name over the language', () => {
    expect(codeTitle('webhook.js', 'js')).toBe('webhook.js');
    expect(codeTitle(undefined, 'json')).toBe('JSON');
  });
});

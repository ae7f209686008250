import type { ShikiTransformer } from 'shiki';

/** Reads `title="..."` from a code fence's meta string. */
export function titleFromMeta(meta: string | undefined): string | undefined {
  return meta
    ?.match(/title=(?:"([^"]*)"|'([^']*)')/)
    ?.slice(1)
    .find(Boolean);
}

/** Shiki transformer: exposes the fence's language and title to the code block component. */
export const codeMetaTransformer: ShikiTransformer = {
  name: 'code-meta',
  pre(node) {
    node.properties['data-language'] = this.options.lang;
    const title = titleFromMeta(this.options.meta?.__raw);
    if (title) node.properties['data-title'] = title;
  },
};

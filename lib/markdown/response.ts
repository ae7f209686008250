/** A page as Markdown; its Link header names the HTML page as the canonical version. */
export function markdownResponse(markdown: string, canonicalUrl: string): Response {
  return new Response(markdown, {
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      Link: `<${canonicalUrl}>; rel="canonical"`,
    },
  });
}

/** A `.txt` file such as llms.txt: Markdown inside, shown as text by every browser. */
export function textFileResponse(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

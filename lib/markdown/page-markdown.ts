type PageMarkdownParts = {
  title: string;
  description: string;
  /** The page's address on the site, so a copy pasted elsewhere still says where it came from. */
  url: string;
  /** The page's body, already Markdown. */
  body: string;
};

/** One page as a Markdown document: title, lead, source line and body. */
export function pageMarkdown({ title, description, url, body }: PageMarkdownParts): string {
  return `# ${title}\n\n${description}\n\nSource: <${url}>\n\n${body.trim()}\n`;
}

// Replaces `<ApiReference … />` lines of a page with the MDX generated from the OpenAPI document.
import { loadDocument } from './document';
import { enumsMdx, errorsMdx, referenceMdx, sdkMethodsMdx, webhookEventsMdx } from './mdx';
import { testScenariosMdx } from './test-scenarios-mdx';

const DIRECTIVE = /^<ApiReference\s+(tag|catalogue)="([\w-]+)"\s*\/>[ \t]*$/gm;

const catalogues = {
  enums: enumsMdx,
  errors: errorsMdx,
  events: webhookEventsMdx,
  'sdk-methods': sdkMethodsMdx,
  'test-scenarios': testScenariosMdx,
} as const;

/** The page body with every `<ApiReference tag="…" />` or `catalogue="…"` line expanded. */
export function expandApiReferences(body: string, file: string): string {
  if (!body.includes('<ApiReference')) return body;
  return body.replace(DIRECTIVE, (_, kind: string, name: string) => {
    const document = loadDocument();
    if (kind === 'tag') return referenceMdx(document, name);
    if (name in catalogues) return catalogues[name as keyof typeof catalogues](document);
    throw new Error(
      `${file}: <ApiReference catalogue="${name}" /> is unknown. Use one of: ${Object.keys(catalogues).join(', ')}.`,
    );
  });
}

import { routeOfStem, stemOfRoute } from '@/lib/routes';
import { source } from '@/lib/source';
import { markdownPageResponse } from '../markdown-page-response';

type Props = { params: Promise<{ stem: string[] }> };

// Served at `<page>.md` through the rewrite in next.config.ts.
export const dynamic = 'force-static';
// Every page but the guides is known at build: any other path is a 404, rendered and kept nowhere.
export const dynamicParams = false;

export async function generateStaticParams() {
  return (await source.pages())
    .filter((page) => page.kind !== 'guide')
    .map((page) => ({ stem: stemOfRoute(page.route).split('/') }));
}

/** A page as Markdown: `/errors.md`, `/resources/charges.md`, `/index.md`. */
export async function GET(_request: Request, { params }: Props) {
  return markdownPageResponse(routeOfStem((await params).stem.join('/')));
}

import { routeOfStem, stemOfRoute } from '@/lib/routes';
import { docsPageParams } from '@/lib/source';
import { markdownPageResponse } from '../markdown-page-response';

type Props = { params: Promise<{ stem: string[] }> };

// Served at `<page>.md` through the rewrite in next.config.ts.
export const dynamic = 'force-static';
// Every page but the guides is known at build: any other path is a 404, rendered and kept nowhere.
export const dynamicParams = false;

export const generateStaticParams = () =>
  docsPageParams((route) => ({ stem: stemOfRoute(route).split('/') }));

/** A page as Markdown: `/errors.md`, `/resources/charges.md`, `/index.md`. */
export async function GET(_request: Request, { params }: Props) {
  return markdownPageResponse(routeOfStem((await params).stem.join('/')));
}

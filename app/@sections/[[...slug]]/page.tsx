import { guidesSectionOf } from '@/components/guides/route-guides';
import { PageSections } from '@/components/layout/page-sections';
import { routeOfSegments } from '@/lib/routes';
import { docsPageSegments, source } from '@/lib/source';

type Props = { params: Promise<{ slug?: string[] }> };

export const dynamicParams = false;

export const generateStaticParams = docsPageSegments;

/** The section links the side menu shows under the current page: its `##` headings. */
export default async function Sections({ params }: Props) {
  const route = routeOfSegments((await params).slug);
  const content = await source.content(route);
  if (!content) return null;
  const guides = guidesSectionOf(route);
  const sections = content.sections.filter((section) => section.tag === 'h2');
  return <PageSections sections={guides ? [...sections, guides] : sections} />;
}

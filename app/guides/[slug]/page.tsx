import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GuideArticle } from '@/components/guides/guide-article';
import { DocsLayout } from '@/components/layout/docs-layout';
import { getGuide, getGuides, guideFile } from '@/lib/guides';
import { renderMdx } from '@/lib/mdx/render';
import { pageSource } from '@/lib/page-source';
import { pageMetadata } from '@/lib/seo/metadata';
import { guidePageInfo } from '@/lib/seo/page-info';

type Props = { params: Promise<{ slug: string }> };

export async function generateStaticParams() {
  return (await getGuides()).map((guide) => ({ slug: guide.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const guide = await getGuide((await params).slug);
  if (!guide) notFound();
  return pageMetadata(guidePageInfo(guide));
}

export default async function GuidePage({ params }: Props) {
  const guide = await getGuide((await params).slug);
  if (!guide) notFound();
  const path = `/guides/${guide.slug}`;
  const { content, sections } = await renderMdx(guide.body, path, { format: guide.format });
  const source = await pageSource(guideFile(guide.slug));
  return (
    <DocsLayout path={path} sections={sections}>
      <GuideArticle guide={guide} content={content} source={source} />
    </DocsLayout>
  );
}

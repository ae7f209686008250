import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryLink } from '@/components/guides/category-link';
import { DocsPage } from '@/components/layout/docs-page';
import { articleHtml } from '@/lib/article/render';
import { pageHistory } from '@/lib/page-history';
import { guideRoute } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { source } from '@/lib/source';

type Props = { params: Promise<{ slug: string }> };

export async function generateStaticParams() {
  return (await source.pages()).flatMap((page) => (page.guide ? [{ slug: page.guide.slug }] : []));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await source.page(guideRoute((await params).slug));
  // An unknown page takes the 404 page's metadata; the page itself answers 404.
  return page ? pageMetadata(page) : {};
}

export default async function GuidePage({ params }: Props) {
  const route = guideRoute((await params).slug);
  const [page, html] = await Promise.all([source.page(route), articleHtml(route)]);
  if (!page?.guide || html === null) notFound();
  const history = await pageHistory(page.file);
  return (
    <DocsPage
      page={page}
      html={html}
      history={history}
      eyebrow={<CategoryLink category={page.section} />}
    />
  );
}

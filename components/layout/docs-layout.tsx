import Link from 'next/link';
import { Logo } from '@/components/ui/logo';
import type { Section } from '@/lib/mdx/sections';
import { site } from '@/lib/site';
import { Footer } from './footer';
import { Header } from './header';
import { Navigation } from './navigation';

type DocsLayoutProps = { path: string | null; sections?: Section[]; children: React.ReactNode };

/** The site shell around every page: sidebar, top bar, main content and footer. */
export function DocsLayout({ path, sections = [], children }: DocsLayoutProps) {
  return (
    <div className="h-full lg:ml-72 xl:ml-80">
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-72 flex-col overflow-y-auto border-r border-zinc-900/10 px-6 pt-4 pb-8 lg:flex xl:w-80 dark:border-white/10">
        <div className="flex h-10 flex-col justify-center">
          <Link href="/" aria-label={`${site.name} home`} className="w-fit">
            <Logo className="h-6" />
          </Link>
        </div>
        <p className="mt-1 mb-8 text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {site.tagline}
        </p>
        <Navigation path={path} sections={sections} />
      </aside>
      <Header mobileNavigation={<Navigation path={path} sections={sections} />} />
      <div className="relative flex min-h-full flex-col px-4 pt-14 sm:px-6 lg:px-8">
        <main id="content" tabIndex={-1} className="flex-auto outline-none">
          {children}
        </main>
        <Footer path={path} />
      </div>
    </div>
  );
}

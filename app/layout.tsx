import type { Metadata, Viewport } from 'next';
import { themeScript } from '@/components/layout/theme-script';
import { getGuides } from '@/lib/guides';
import { analyticsScriptSrc } from '@/lib/security/headers';
import { site } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: site.title,
  description: `${site.title} for the ${site.name} payments API.`,
  applicationName: site.title,
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#18181b' },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The app's initial-data step (SPEC 7): the guides list is loaded once per render, here, and
  // pages read the same memoised result. A failure is logged and leaves the list empty.
  await getGuides();
  // Page analytics is off unless configured; when on, it never delays rendering.
  const analyticsSrc = analyticsScriptSrc();
  return (
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        {analyticsSrc && <script defer src={analyticsSrc} />}
      </head>
      <body className="flex min-h-full bg-white antialiased dark:bg-zinc-900">
        <a
          href="#content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-zinc-900 ring-2 ring-emerald-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <div className="w-full">{children}</div>
      </body>
    </html>
  );
}

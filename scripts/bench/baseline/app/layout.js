// The benchmark's baseline: the smallest Next.js App Router site, built with the same Next.js in
// the same run, to show what the framework itself costs on this machine.
export const metadata = { title: 'Baseline', description: 'An empty Next.js page.' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

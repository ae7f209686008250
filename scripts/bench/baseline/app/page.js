/** One heading and one sentence: the page the site's pages are compared with. */
export default function Page() {
  return (
    <main>
      <h1>Baseline</h1>
      <p>An empty Next.js page.</p>
    </main>
  );
}

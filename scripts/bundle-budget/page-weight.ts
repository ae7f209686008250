// What a page's HTML weighs and how often it carries the site's navigation: the page itself and
// the data React hydrates it from (the inline "flight" scripts Next writes into the HTML).

/**
 * Most raw HTML a sampled page may weigh, flight data included: each page's weight with a little
 * room, so that a duplicated menu or an inlined module trips it. Charges is the largest reference,
 * ten operations with samples in four languages and the marks of who may call each.
 */
export const HTML_BUDGET_BYTES: Record<string, number> = {
  '/categories/accept-payments': 60 * 1024,
  '/resources/charges': 284 * 1024,
};

const FLIGHT_SCRIPT = /<script>self\.__next_f\.push\((.*?)\)<\/script>/gs;

/** The page's flight data, decoded from its inline scripts. */
export function flightData(html: string): string {
  let text = '';
  for (const [, payload] of html.matchAll(FLIGHT_SCRIPT)) {
    const [, chunk] = JSON.parse(payload!) as [number, unknown];
    if (typeof chunk === 'string') text += chunk;
  }
  return text;
}

/** The page's HTML without its flight scripts: what the browser renders. */
export function renderedHtml(html: string): string {
  return html.replace(FLIGHT_SCRIPT, '');
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/**
 * How many times the page carries the menu: rendered navigations in its markup, and copies of
 * each menu link in its flight data. A page should carry it once in each: the sidebar, and the
 * data the sidebar hydrates from (the mobile menu renders from the same data when opened).
 */
export function menuCopies(html: string, links: { title: string; href: string }[]) {
  const flight = flightData(html);
  const inFlight = links.map((link) => count(flight, JSON.stringify(link)));
  return {
    inHtml: count(renderedHtml(html), '<nav aria-label="Documentation"'),
    inFlight: { fewest: Math.min(...inFlight), most: Math.max(...inFlight) },
  };
}

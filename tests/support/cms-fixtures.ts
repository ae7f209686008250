import { fakeSecretValue } from './secrets';

/** Guides the test CMS starts with: stored out of order, two invalid, two with hostile content. */
export const cmsGuides = [
  {
    id: 'cms-3',
    title: 'Split a payment across two cards',
    slug: 'split-a-payment',
    summary:
      'Charge a group booking to two travellers’ cards and keep both charges on one booking.',
    category: 'accept-payments',
    image: { url: '/guides/payment-links.svg', alt: 'Two cards paying one booking', title: null },
    body: '## Before you begin\n\nYou need a booking and two tokenised cards.\n\n## Create the charges\n\n```bash\ncurl https://api.kestrelpay.com/v1/charges -H "Authorization: Bearer $TOKEN"\n```\n',
  },
  {
    id: 'cms-1',
    title: 'Accept Apple Pay on the web',
    slug: 'apple-pay-on-the-web',
    summary: 'Offer Apple Pay in hosted checkout so travellers pay with one touch.',
    category: 'accept-payments',
    image: null,
    body: '## Enable Apple Pay\n\nTurn it on in the dashboard.\n\n<script>window.__pwned = true</script>\n\n<img src=x onerror="window.__pwned = true">\n\n{window.__pwned = true}\n',
  },
  {
    id: 'cms-2',
    title: 'Collect a deposit at booking',
    slug: 'collect-a-deposit',
    summary: 'Take a deposit now and schedule the balance before departure.',
    category: 'accept-payments',
    image: null,
    body: '## Take the deposit\n\nCreate a charge for the deposit amount.\n',
  },
  {
    id: 'cms-5',
    title: 'Reconcile <script>window.__pwned = true</script> payouts',
    slug: 'reconcile-payouts',
    summary: 'Match payouts <img src=x onerror="window.__pwned = true"> to bank lines.',
    category: 'payment-operations',
    image: {
      url: 'javascript:window.__pwned = true',
      alt: '"><script>window.__pwned = true</script>',
      title: null,
    },
    body: '## Match the lines\n\nOpen [the report](javascript:window.__pwned=true), [the ledger](/resources/ledger) or [the mirror](//evil.example/steal).\n\n<a href="javascript:window.__pwned=true">Raw link</a>\n',
  },
  {
    id: 'cms-6',
    title: 'Escape the guides folder',
    slug: '../../package',
    summary: 'A slug that climbs out of /guides must be dropped.',
    category: 'payment-operations',
    image: null,
    body: 'Nothing.',
  },
  {
    id: 'cms-4',
    title: 'A guide in no known category',
    slug: 'lost-guide',
    summary: 'This entry is invalid and must be dropped.',
    category: 'holidays',
    image: null,
    body: 'Nothing.',
  },
];

/** The token the tests configure, a recognisable fake that the secret scan looks for. */
export const cmsTestToken = fakeSecretValue('CONTENT_API_TOKEN');

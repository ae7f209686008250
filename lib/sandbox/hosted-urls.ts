// Where a traveller opens an object's hosted page: Kestrel Pay's payment page, checkout and bank
// consent hosts, followed by the object's ID, as the document describes each `url`.

const HOSTED_PAGE_BASES = {
  payment_link: 'https://pay.kestrelpay.com/',
  ecommerce_order: 'https://checkout.kestrelpay.com/',
  aisp_consent: 'https://connect.kestrelpay.com/aisp/',
} as const;

/** The address of an object's hosted page. */
export function hostedPageUrl(kind: keyof typeof HOSTED_PAGE_BASES, id: unknown): string {
  return `${HOSTED_PAGE_BASES[kind]}${String(id)}`;
}

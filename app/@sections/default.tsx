/** Routes without section links of their own (the 404 page) show none. */
export default function NoSections() {
  return null;
}

/** Guides are not in the menu, so the menu shows no section links for them. */
export default function GuideSections() {
  return null;
}

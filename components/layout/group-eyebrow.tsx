/** The menu group of a page, above its title. */
export function GroupEyebrow({ group }: { group: string }) {
  return <p data-slot="eyebrow">{group}</p>;
}

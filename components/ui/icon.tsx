/** The icons of app/styles/icons.css. */
export type IconName =
  | 'arrow-left'
  | 'arrow-right'
  | 'close'
  | 'discord'
  | 'external'
  | 'github'
  | 'menu'
  | 'moon'
  | 'pencil'
  | 'search'
  | 'sun'
  | 'x';

/** A decorative icon in the current text colour; `size-*` classes size it (default 1.25rem). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" data-icon={name} className={className} />;
}

import { site } from '@/lib/site';

/** The kestrel mark in a 24×24 box; the social images draw it too. */
export const LOGO_MARK_PATH = 'M2 18.5 12.5 4l3 6.5L22 6l-6.2 14.5-3.3-6.3L2 18.5Z';

type LogoProps = {
  className?: string;
  /** Only the mark, for narrow top bars. */ markOnly?: boolean;
};

/** The Kestrel Pay mark and wordmark. */
export function Logo({ className, markOnly = false }: LogoProps) {
  return (
    <svg
      viewBox={markOnly ? '0 0 24 24' : '0 0 132 24'}
      role="img"
      aria-label={site.name}
      className={className}
    >
      <path d={LOGO_MARK_PATH} className="fill-emerald-600 dark:fill-emerald-400" />
      {!markOnly && (
        <text
          x="30"
          y="17.5"
          className="fill-zinc-900 dark:fill-white"
          style={{ font: '600 15px var(--font-sans)', letterSpacing: '-0.01em' }}
        >
          {site.name}
        </text>
      )}
    </svg>
  );
}

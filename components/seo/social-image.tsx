import { LOGO_MARK_PATH } from '@/components/ui/logo';
import { site } from '@/lib/site';

// The site's palette (app/globals.css, Tailwind's zinc and emerald): the image renders outside
// the stylesheet, so the colours are spelled out.
const colours = {
  background: '#18181b', // zinc-900
  border: 'rgba(255, 255, 255, 0.1)',
  title: '#ffffff',
  muted: '#a1a1aa', // zinc-400
  accent: '#34d399', // emerald-400
  glow: 'rgba(16, 185, 129, 0.22)', // emerald-500
};

/** Long titles get a smaller size so three lines always fit. */
const titleSize = (title: string) => (title.length > 48 ? 60 : title.length > 28 ? 72 : 84);

type SocialImageProps = { title: string; section: string };

/** A page's social card: product, section and title on the dark docs background. */
export function SocialImage({ title, section }: SocialImageProps) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        backgroundColor: colours.background,
        backgroundImage: `radial-gradient(circle at 88% 0%, ${colours.glow}, transparent 58%)`,
        borderBottom: `12px solid ${colours.accent}`,
        color: colours.title,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="56" height="56" viewBox="0 0 24 24">
          <path d={LOGO_MARK_PATH} fill={colours.accent} />
        </svg>
        <div style={{ fontSize: 40, letterSpacing: '-0.01em' }}>{site.name}</div>
        <div
          style={{
            marginLeft: 8,
            paddingLeft: 24,
            borderLeft: `2px solid ${colours.border}`,
            fontSize: 28,
            color: colours.muted,
          }}
        >
          {site.tagline}
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ fontSize: 32, color: colours.accent }}>{section}</div>
        <div
          style={{
            fontSize: titleSize(title),
            lineHeight: 1.1,
            letterSpacing: '-0.02em',
            maxWidth: 1000,
            lineClamp: 3,
          }}
        >
          {title}
        </div>
      </div>
    </div>
  );
}

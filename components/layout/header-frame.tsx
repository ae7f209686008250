'use client';

import { useEffect, useRef } from 'react';
import { HEADER_OPACITY_RAMP_PX, HEADER_OPACITY_RANGE } from '@/lib/site';

/** Header background opacity after scrolling `scrollY` pixels: a linear ramp over 72 px. */
export function headerOpacity(scrollY: number): number {
  const progress = Math.min(Math.max(scrollY, 0) / HEADER_OPACITY_RAMP_PX, 1);
  const { top, scrolled } = HEADER_OPACITY_RANGE;
  return Math.round((top + (scrolled - top) * progress) * 1000) / 1000;
}

/** The top bar's container; its background grows more opaque over the first 72 px of scroll. */
export function HeaderFrame({ children }: { children: React.ReactNode }) {
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    function update() {
      header.current?.style.setProperty('--header-opacity', String(headerOpacity(window.scrollY)));
    }
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <header
      ref={header}
      data-slot="header"
      style={{ '--header-opacity': HEADER_OPACITY_RANGE.top } as React.CSSProperties}
    >
      {children}
    </header>
  );
}

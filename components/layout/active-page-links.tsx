'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { Section } from '@/lib/mdx/sections';
import type { NavLink } from '@/lib/navigation';

/** The id of the last section whose heading has scrolled under the header, or null above them all. */
function useSectionInView(sections: Section[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    let frame = 0;
    function update() {
      frame = 0;
      const offset = 120;
      let inView: string | null = null;
      for (const { id } of sections) {
        const heading = document.getElementById(id);
        if (heading && heading.getBoundingClientRect().top <= offset) inView = id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
      if (atBottom && sections.length) inView = sections[sections.length - 1]!.id;
      setCurrent(inView);
    }
    function schedule() {
      if (!frame) frame = requestAnimationFrame(update);
    }
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [sections]);

  return current;
}

type ActivePageLinksProps = { link: NavLink; sections: Section[] };

/** The current page's link and its section anchors; the marker follows the section in view. */
export function ActivePageLinks({ link, sections }: ActivePageLinksProps) {
  const current = useSectionInView(sections);
  const pageLink = useRef<HTMLAnchorElement>(null);

  // A long menu opens scrolled to the current page rather than to its top.
  // Braces matter: scrollIntoView returns a promise in recent browsers, not a cleanup function.
  useEffect(() => {
    pageLink.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <>
      <Link
        ref={pageLink}
        href={link.href}
        aria-current="page"
        data-marker={current === null ? '' : undefined}
        className="nav-link nav-link-active"
      >
        {link.title}
      </Link>
      {sections.length > 0 && (
        <ul role="list" aria-label="On this page">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={section.id === current ? 'location' : undefined}
                data-marker={section.id === current ? '' : undefined}
                className="nav-link pl-7"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

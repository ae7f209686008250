'use client';

import { useContext, useEffect, useState } from 'react';
import type { Section } from '@/lib/mdx/headings';
import { SectionInViewReport } from './side-navigation';

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

/** The current page's section anchors under its menu link; the marker follows the one in view. */
export function PageSections({ sections }: { sections: Section[] }) {
  const current = useSectionInView(sections);
  const report = useContext(SectionInViewReport);

  useEffect(() => {
    report?.(current);
  }, [current, report]);

  if (!sections.length) return null;
  return (
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
  );
}

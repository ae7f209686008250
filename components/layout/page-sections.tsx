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
      // Scrolled to the bottom, the last section is the one being read, even if its heading
      // never reaches the header; a page that has not scrolled is read from its top.
      const atBottom =
        window.scrollY > 0 && window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
      if (atBottom && sections.length) inView = sections[sections.length - 1]!.id;
      setCurrent(inView);
    }
    function schedule() {
      if (!frame) frame = requestAnimationFrame(update);
    }
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page grows without a scroll when its article arrives after a client navigation.
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized.disconnect();
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

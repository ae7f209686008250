'use client';

// clsx, not cn: these classes never conflict, and twMerge's tables would cost every page ~9 KiB.
import { clsx } from 'clsx';
import { useId, useRef, useSyncExternalStore } from 'react';
import { CopyButton } from './copy-button';
import {
  preferenceSnapshot,
  preferredTab,
  serverPreferenceSnapshot,
  storePreference,
  subscribeToPreference,
} from './code-preference';

type CodeTab = { title: string; language?: string };
type CodeTabsProps = { title?: string; tabs: CodeTab[]; panels: React.ReactNode[] };

/**
 * Tab bar and panels of a code group, with arrow-key navigation between tabs. The chosen
 * language is remembered, so every group on every page opens on it.
 */
export function CodeTabs({ title, tabs, panels }: CodeTabsProps) {
  const snapshot = useSyncExternalStore(
    subscribeToPreference,
    preferenceSnapshot,
    serverPreferenceSnapshot,
  );
  const selected = preferredTab(snapshot, tabs);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  function choose(index: number) {
    storePreference(tabs[index]!);
  }

  function select(index: number) {
    const next = (index + tabs.length) % tabs.length;
    choose(next);
    tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]!);
  }

  return (
    <div data-slot="code-group" data-copy-scope className="code-frame not-prose">
      <div className="flex min-h-10 items-center gap-4 border-b border-white/10 pr-2 pl-4">
        {title && <span className="mr-auto text-xs font-semibold text-white">{title}</span>}
        <div
          role="tablist"
          aria-label={title ?? 'Code samples'}
          onKeyDown={onKeyDown}
          className={clsx(
            '-mb-px flex gap-4 overflow-x-auto text-xs font-medium',
            !title && 'mr-auto',
          )}
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.title}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === selected}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => choose(index)}
              className={clsx(
                'border-b py-2.5 whitespace-nowrap transition',
                index === selected
                  ? 'border-emerald-400 text-emerald-300'
                  : 'border-transparent text-zinc-300 hover:text-white',
              )}
            >
              {tab.title}
            </button>
          ))}
        </div>
        <CopyButton />
      </div>
      {panels.map((panel, index) => (
        <div
          key={tabs[index]!.title}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
        >
          {panel}
        </div>
      ))}
    </div>
  );
}

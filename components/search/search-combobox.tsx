'use client';

import { useEffect, useRef, useState } from 'react';
import { SearchField } from './search-field';
import { SearchResults } from './search-results';
import { SearchSpinner } from './search-spinner';
import { useSearchAutocomplete } from './use-search-autocomplete';

/** A touch that moves farther than this is a scroll (it closes the keyboard), not a tap. */
const TOUCH_SCROLL_THRESHOLD_PX = 30;

/** The dialog's accessible combobox over the documentation, loaded on intent (SPEC 2.5, 4). */
export function SearchCombobox({
  initialQuery,
  onClose,
}: {
  initialQuery: string;
  onClose: () => void;
}) {
  const { autocomplete, state, goTo, query } = useSearchAutocomplete({ initialQuery, onClose });
  // Elements in state, not refs: autocomplete reads them while rendering.
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const touchStartY = useRef<number | null>(null);
  const closingKeyboard = useRef(false);

  // The caret goes after what was typed before this input replaced the first one.
  useEffect(() => {
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [input]);

  const isOpen = state?.isOpen ?? false;
  const stalled = state?.status === 'stalled';
  const collection = state?.collections[0];
  const hits = collection?.items ?? [];
  const inputProps = autocomplete.getInputProps({ inputElement: input });

  return (
    <div {...autocomplete.getRootProps({})}>
      <SearchField
        form={autocomplete.getFormProps({ inputElement: input })}
        label={autocomplete.getLabelProps({})}
        input={{
          ...inputProps,
          ref: setInput,
          autoFocus: true,
          // With no hits, no option is active: point at none rather than a missing one.
          'aria-activedescendant':
            hits.length > 0 ? inputProps['aria-activedescendant'] : undefined,
          onKeyDown: (event) => {
            if (event.key === 'Escape' && !isOpen && !query) {
              event.preventDefault();
              onClose();
              return;
            }
            // Tab stays in the dialog (search-frame.tsx): it ends no search and closes no panel.
            if (event.key === 'Tab') return;
            inputProps.onKeyDown(event);
          },
          onBlur: (event) => {
            // Losing focus closes the panel, unless focus moved into it or a scroll hid the keyboard.
            const next = event.relatedTarget as Node | null;
            if (closingKeyboard.current || (next && panel.current?.contains(next))) return;
            autocomplete.setIsOpen(false);
          },
        }}
      >
        {stalled && <SearchSpinner />}
      </SearchField>
      {isOpen && (
        <div
          ref={panel}
          {...autocomplete.getPanelProps({})}
          onTouchStart={(event) => {
            touchStartY.current = event.touches[0]?.clientY ?? null;
          }}
          onTouchMove={(event) => {
            const y = event.touches[0]?.clientY;
            if (touchStartY.current === null || y === undefined) return;
            if (Math.abs(y - touchStartY.current) > TOUCH_SCROLL_THRESHOLD_PX) {
              closingKeyboard.current = true;
              input?.blur();
              closingKeyboard.current = false;
            }
          }}
          className="border-t border-zinc-900/5 bg-white empty:hidden dark:border-white/5 dark:bg-white/2.5"
        >
          <SearchResults
            autocomplete={autocomplete}
            collection={collection}
            query={query}
            idle={state?.status === 'idle'}
            stale={stalled}
            onSelect={goTo}
          />
        </div>
      )}
    </div>
  );
}

import { Icon } from '@/components/ui/icon';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/site';

/** Id of the search combobox; its label and input ids derive from it. */
export const SEARCH_COMBOBOX_ID = 'search';

type SearchFieldProps = {
  form: React.ComponentProps<'form'>;
  label?: React.ComponentProps<'label'>;
  input: React.ComponentProps<'input'>;
  stalled: boolean;
};

/**
 * The search form: label, icon, input and the spinner shown while a search is stalled. The same
 * markup serves the field typed into before the autocomplete code arrives and the one after.
 */
export function SearchField({ form, label, input, stalled }: SearchFieldProps) {
  return (
    <form {...form} role="search" className="relative">
      <label
        id={`${SEARCH_COMBOBOX_ID}-label`}
        htmlFor={`${SEARCH_COMBOBOX_ID}-input`}
        {...label}
        className="sr-only"
      >
        Search the documentation
      </label>
      <Icon
        name="search"
        className="pointer-events-none absolute top-0 left-3 h-full w-5 text-zinc-500"
      />
      <input
        id={`${SEARCH_COMBOBOX_ID}-input`}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        {...input}
        type="search"
        placeholder="Find something..."
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        className="h-12 w-full bg-transparent pr-12 pl-10 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-white [&::-webkit-search-cancel-button]:hidden"
      />
      {stalled && (
        <span
          role="status"
          aria-label="Searching"
          data-slot="search-spinner"
          className="absolute top-1/2 right-4 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-zinc-300 border-t-emerald-600 dark:border-zinc-700 dark:border-t-emerald-400"
        />
      )}
    </form>
  );
}

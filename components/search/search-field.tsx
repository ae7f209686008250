import { Icon } from '@/components/ui/icon';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/site';

/** Id of the search combobox; its label and input ids derive from it. */
export const SEARCH_COMBOBOX_ID = 'search';

type SearchFieldProps = {
  form: React.ComponentProps<'form'>;
  label?: React.ComponentProps<'label'>;
  input: React.ComponentProps<'input'>;
  /** What the field shows after the input: the autocomplete's spinner, while stalled. */
  children?: React.ReactNode;
};

/**
 * The search form: label, icon and input. The same markup serves the field typed into before the
 * autocomplete code arrives and the one after, which adds its spinner.
 */
export function SearchField({ form, label, input, children }: SearchFieldProps) {
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
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-zinc-500"
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
      {children}
    </form>
  );
}

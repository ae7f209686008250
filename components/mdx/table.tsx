/**
 * A table that scrolls sideways on narrow screens instead of widening the page. Browsers make
 * such scrollers keyboard-focusable themselves, so no tabindex or landmark is added per table.
 */
export function Table(props: React.ComponentProps<'table'>) {
  return (
    <div data-slot="table" className="overflow-x-auto">
      <table {...props} />
    </div>
  );
}

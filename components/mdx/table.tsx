/** A table that scrolls sideways on narrow screens instead of widening the page. */
export function Table(props: React.ComponentProps<'table'>) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  );
}

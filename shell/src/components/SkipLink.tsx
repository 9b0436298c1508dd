export const MAIN_CONTENT_ID = 'main-content';

/** A link keyboard users meet first: it jumps past the header to the page itself. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-blue-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-2 focus:outline-blue-700"
    >
      Skip to main content
    </a>
  );
}

/** The agency's mark: a peak over a kloof's contour, drawn inline so the header needs no request. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className="shrink-0">
      <rect width="32" height="32" rx="9" className="fill-brand" />
      <path d="M5 22.5 12.5 11l4.6 6.6 2.9-3.9 7 8.8z" className="fill-on-brand" />
      <path
        d="M7 26.5c4-1.6 14-1.6 18 0"
        fill="none"
        strokeWidth="1.6"
        strokeLinecap="round"
        className="stroke-on-brand/70"
      />
    </svg>
  );
}

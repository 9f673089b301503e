/** The agency's mark: a stylised peak, drawn inline so the header needs no request. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M5 23 13 11l5 7 3-4 6 9z" fill="#fff" />
    </svg>
  );
}

/**
 * The brand's motif: contour lines, as a map draws a kloof (the ravines of Table Mountain
 * the agency is named after). Inline SVG in the current colour, so it costs no request,
 * is never a page's largest paint, and takes each band's tint; decoration only.
 */
const RINGS = [0, 1, 2, 3, 4, 5, 6, 7];

export function ContourArt({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 800 480"
      preserveAspectRatio="xMaxYMid slice"
      className={`pointer-events-none absolute inset-0 -z-10 size-full ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      {RINGS.map((ring) => {
        const grow = ring * 34;
        return (
          <path
            key={ring}
            d={`M${560 - grow} ${250} C ${560 - grow} ${150 - grow * 0.6}, ${700 + grow * 0.4} ${110 - grow * 0.7}, ${760 + grow * 0.5} ${190 - grow * 0.3} S ${900 + grow} ${330 + grow * 0.4}, ${760 + grow * 0.3} ${360 + grow * 0.5} S ${560 - grow} ${350 + grow * 0.3}, ${560 - grow} ${250} Z`}
          />
        );
      })}
    </svg>
  );
}

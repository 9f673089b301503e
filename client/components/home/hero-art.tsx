/**
 * The home hero's picture, drawn in the brand's own shapes (inline SVG, theme colours):
 * a browser window and a phone, the work, against the sun over a kloof's contours, the
 * place. Inline, it costs no request and is never the page's largest paint; decoration only.
 */
export function HeroArt() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 520 440"
      className="hero-art h-auto w-full max-w-xl"
      fill="none"
    >
      <circle cx="360" cy="150" r="118" className="fill-brand" />
      <g className="stroke-accent-on-inverse/35" strokeWidth="1.5">
        <path d="M20 330c80-60 170-70 250-40s160 20 230-30" />
        <path d="M20 360c90-55 180-60 260-30s150 15 220-25" />
        <path d="M20 392c95-45 190-50 270-22s140 12 210-20" />
      </g>
      <g className="hero-art-window">
        <rect x="40" y="70" width="330" height="230" rx="18" className="fill-surface" />
        <rect x="40" y="70" width="330" height="40" rx="18" className="fill-muted" />
        <rect x="40" y="92" width="330" height="18" className="fill-muted" />
        <circle cx="66" cy="90" r="6" className="fill-brand" />
        <circle cx="86" cy="90" r="6" className="fill-line" />
        <circle cx="106" cy="90" r="6" className="fill-line" />
        <rect x="64" y="132" width="170" height="18" rx="9" className="fill-ink" />
        <rect x="64" y="160" width="230" height="10" rx="5" className="fill-line" />
        <rect x="64" y="178" width="200" height="10" rx="5" className="fill-line" />
        <rect x="64" y="206" width="96" height="30" rx="15" className="fill-brand" />
        <rect x="64" y="252" width="88" height="28" rx="8" className="fill-ocean-soft" />
        <rect x="162" y="252" width="88" height="28" rx="8" className="fill-brand-soft" />
        <rect x="260" y="252" width="88" height="28" rx="8" className="fill-muted" />
      </g>
      <g className="hero-art-phone">
        <rect x="330" y="180" width="140" height="240" rx="26" className="fill-ink" />
        <rect x="340" y="192" width="120" height="216" rx="18" className="fill-surface" />
        <rect x="380" y="200" width="40" height="6" rx="3" className="fill-line" />
        <rect x="354" y="222" width="92" height="60" rx="12" className="fill-ocean" />
        <path d="M366 270l18-22 12 14 8-9 16 17z" className="fill-ocean-soft" />
        <rect x="354" y="294" width="70" height="10" rx="5" className="fill-ink" />
        <rect x="354" y="312" width="92" height="8" rx="4" className="fill-line" />
        <rect x="354" y="326" width="80" height="8" rx="4" className="fill-line" />
        <rect x="354" y="364" width="92" height="28" rx="14" className="fill-brand" />
      </g>
    </svg>
  );
}

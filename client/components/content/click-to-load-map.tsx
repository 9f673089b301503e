import { ExternalLink, MapPinned } from "lucide-react";

export type ClickToLoadMapProps = { embedUrl: string; mapUrl: string; label: string };

/**
 * The maps service sets cookies and loads scripts, so its frame appears only when the
 * visitor asks for it: no page makes a third-party request by default. The site script
 * (client/site-script/map.ts) puts the frame in the placeholder's place and enables the
 * button; without it, the link below the map still opens it.
 */
export function ClickToLoadMap({ embedUrl, mapUrl, label }: ClickToLoadMapProps) {
  return (
    <div>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-card bg-muted ring-1 ring-line">
        <div
          data-map-embed={embedUrl}
          data-map-title={label}
          className="map-placeholder absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center"
        >
          <MapPinned aria-hidden="true" className="size-12 text-brand" />
          <p className="max-w-sm text-ink">
            The map is provided by Google Maps, which may set cookies. It loads only if you ask for it.
          </p>
          <button type="button" className="btn-primary" disabled>
            Show the map
          </button>
        </div>
      </div>
      <a
        href={mapUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-brand hover:underline"
      >
        Open in Google Maps
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

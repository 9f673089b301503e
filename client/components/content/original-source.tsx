import { ExternalLink } from "lucide-react";

/** "https://www.example.com/blog/x" → "example.com": the site, as a reader names it. */
function hostOf(link: string): string {
  return new URL(link).hostname.replace(/^www\./, "");
}

/**
 * Under an article that first appeared elsewhere (it has a body and an outside link):
 * where, as a link that opens in a new tab and says so to screen readers.
 */
export function OriginalSource({ link }: { link: string }) {
  return (
    <p className="mt-10 border-t border-line pt-6 text-ink-soft">
      Originally published at{" "}
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
      >
        {hostOf(link)}
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

import { Loader2 } from "lucide-react";

/** A polite, labelled loading indicator. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700">
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-brand" />
      <span>{label}</span>
    </div>
  );
}

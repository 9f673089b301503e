/** Where a lead or appointment request came from: the campaign, the referring site, the pages. */
import {
  describeLeadSource,
  leadSourceColumns,
  listRecordedSourceParts,
  type LeadSource,
} from "#shared/lead-source.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import type { LeadDetail } from "./lead-fields";

/** The record's source fields (null where the record has none, as from before sources were kept). */
function sourceOf(record: LeadDetail["record"]): LeadSource {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return Object.fromEntries(leadSourceColumns.map((name) => [name, text(record[name])])) as LeadSource;
}

export function LeadSourceSection({ lead }: { lead: LeadDetail }) {
  const source = sourceOf(lead.record);
  const sentence = describeLeadSource(source);
  const parts = listRecordedSourceParts(source);
  return (
    <TitledSection id="source" title="Source">
      <p className="text-ink wrap-anywhere">
        {sentence ??
          "Not recorded: the visitor's browser did not run the site's script, or this arrived before sources were kept."}
      </p>
      {parts.length > 0 ? (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {parts.map((part) => (
            <div key={part.name} className="contents">
              <dt className="font-semibold text-ink">{part.label}</dt>
              <dd className="text-ink wrap-anywhere">{part.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </TitledSection>
  );
}

import { apiPaths, paths } from "#shared/paths.ts";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels as labels,
  websiteDesignLeadFormats,
  websiteTypeOptions,
} from "#shared/forms/website-design-lead.ts";
import { EmailField, SelectField, TextField } from "./fields";
import { LeadForm, type LeadFormEntry } from "./lead-form";

export function WebsiteDesignLeadForm(entry: LeadFormEntry) {
  return (
    <LeadForm
      {...entry}
      loadSchema={() =>
        import("#shared/forms/website-design-lead-schema.ts").then((module) => module.websiteDesignLeadSchema)
      }
      endpoint={apiPaths.websiteDesign}
      thankYouPath={paths.thankYouWebsiteDesign}
      submitLabel="Request My Website Proposal"
      labels={labels}
      fieldFormats={websiteDesignLeadFormats}
      intro="Tell us a little about your business and your website. We'll come back within 24 hours with ideas and a proposal."
    >
      {(field) => (
        <>
          <TextField {...field("fullName")} required autoComplete="name" />
          <TextField {...field("companyName")} required autoComplete="organization" />
          <div className="sm:col-span-2">
            <EmailField {...field("businessEmail")} required />
          </div>
          <SelectField
            {...field("websiteType")}
            placeholder="Select a website type"
            options={websiteTypeOptions}
          />
          <SelectField {...field("budget")} placeholder="Select a budget" options={budgetOptions} />
          <SelectField {...field("timeline")} placeholder="Select a timeline" options={timelineOptions} />
        </>
      )}
    </LeadForm>
  );
}

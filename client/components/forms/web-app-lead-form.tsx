import { apiPaths, paths } from "#shared/paths.ts";
import {
  companySizeOptions,
  webAppLeadLabels as labels,
  webAppLeadFormats,
} from "#shared/forms/web-app-lead.ts";
import { EmailField, PhoneField, SelectField, TextField } from "./fields";
import { LeadForm, type LeadFormEntry } from "./lead-form";

export function WebAppLeadForm(entry: LeadFormEntry) {
  return (
    <LeadForm
      {...entry}
      loadSchema={() =>
        import("#shared/forms/web-app-lead-schema.ts").then((module) => module.webAppLeadSchema)
      }
      endpoint={apiPaths.webApp}
      thankYouPath={paths.thankYouWebApp}
      submitLabel="Get My Custom Web-App Proposal"
      labels={labels}
      fieldFormats={webAppLeadFormats}
      intro="Tell us about your business and the problem you want to solve. We'll come back within 24 hours with a plan and a proposal."
    >
      {(field) => (
        <>
          <TextField {...field("fullName")} required autoComplete="name" />
          <EmailField {...field("workEmail")} required />
          <PhoneField {...field("phoneNumber")} />
          <TextField {...field("companyName")} required autoComplete="organization" />
          <TextField {...field("industry")} />
          <SelectField
            {...field("companySize")}
            placeholder="Select company size"
            options={companySizeOptions}
          />
        </>
      )}
    </LeadForm>
  );
}

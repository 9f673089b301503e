import { paths } from "../../../shared/paths";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels as labels,
  websiteDesignLeadSchema,
  websiteTypeOptions,
} from "../../../shared/forms/website-design-lead";
import { SelectField, TextField } from "./fields";
import { LeadForm, type LeadActionData } from "./lead-form";

export function WebsiteDesignLeadForm({
  startedAt,
  actionData,
}: {
  startedAt: number;
  actionData?: LeadActionData;
}) {
  return (
    <LeadForm
      id="proposal"
      schema={websiteDesignLeadSchema}
      endpoint="/api/submit-website-design"
      thankYouPath={paths.thankYouWebsiteDesign}
      submitLabel="Request My Website Proposal"
      labels={labels}
      startedAt={startedAt}
      actionData={actionData}
      intro="Tell us a little about your business and your website. We'll come back within 24 hours with ideas and a proposal."
    >
      {({ errors, values, clearError }) => (
        <>
          <TextField
            name="fullName"
            label={labels.fullName}
            required
            autoComplete="name"
            error={errors.fullName}
            defaultValue={values.fullName}
            onEdit={clearError}
          />
          <TextField
            name="companyName"
            label={labels.companyName}
            required
            autoComplete="organization"
            error={errors.companyName}
            defaultValue={values.companyName}
            onEdit={clearError}
          />
          <div className="sm:col-span-2">
            <TextField
              name="businessEmail"
              type="email"
              label={labels.businessEmail}
              required
              autoComplete="email"
              maxLength={254}
              error={errors.businessEmail}
              defaultValue={values.businessEmail}
              onEdit={clearError}
            />
          </div>
          <SelectField
            name="websiteType"
            label={labels.websiteType}
            placeholder="Select a website type"
            options={websiteTypeOptions}
            error={errors.websiteType}
            defaultValue={values.websiteType}
            onEdit={clearError}
          />
          <SelectField
            name="budget"
            label={labels.budget}
            placeholder="Select a budget"
            options={budgetOptions}
            error={errors.budget}
            defaultValue={values.budget}
            onEdit={clearError}
          />
          <SelectField
            name="timeline"
            label={labels.timeline}
            placeholder="Select a timeline"
            options={timelineOptions}
            error={errors.timeline}
            defaultValue={values.timeline}
            onEdit={clearError}
          />
        </>
      )}
    </LeadForm>
  );
}

import { paths } from "../../../shared/paths";
import {
  companySizeOptions,
  webAppLeadLabels as labels,
  webAppLeadSchema,
} from "../../../shared/forms/web-app-lead";
import { SelectField, TextField } from "./fields";
import { LeadForm, type LeadActionData } from "./lead-form";

export function WebAppLeadForm({
  startedAt,
  actionData,
}: {
  startedAt: number;
  actionData?: LeadActionData;
}) {
  return (
    <LeadForm
      id="proposal"
      schema={webAppLeadSchema}
      endpoint="/api/submit-web-app"
      thankYouPath={paths.thankYouWebApp}
      submitLabel="Get My Custom Web-App Proposal"
      labels={labels}
      startedAt={startedAt}
      actionData={actionData}
      intro="Tell us about your business and the problem you want to solve. We'll come back within 24 hours with a plan and a proposal."
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
            name="workEmail"
            type="email"
            label={labels.workEmail}
            required
            autoComplete="email"
            maxLength={254}
            error={errors.workEmail}
            defaultValue={values.workEmail}
            onEdit={clearError}
          />
          <TextField
            name="phoneNumber"
            type="tel"
            label={labels.phoneNumber}
            autoComplete="tel"
            maxLength={20}
            error={errors.phoneNumber}
            hint="With the country code, e.g. +27 82 555 0100"
            defaultValue={values.phoneNumber}
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
          <TextField
            name="industry"
            label={labels.industry}
            error={errors.industry}
            defaultValue={values.industry}
            onEdit={clearError}
          />
          <SelectField
            name="companySize"
            label={labels.companySize}
            placeholder="Select company size"
            options={companySizeOptions}
            error={errors.companySize}
            defaultValue={values.companySize}
            onEdit={clearError}
          />
        </>
      )}
    </LeadForm>
  );
}

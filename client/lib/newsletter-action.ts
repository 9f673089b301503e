import { data, type AppLoadContext } from "react-router";
import { failureInit, readFormValues } from "./form-action";

/**
 * The newsletter form posted without JavaScript (/news): the sign-up, or the refusal
 * with the address typed, shown where the form is.
 */
export async function subscribeFromForm(request: Request, context: AppLoadContext) {
  const values = await readFormValues(request);
  const outcome = await context.leads.subscribeNewsletter(values);
  if (outcome.ok) return { success: true as const };
  return data(
    { success: false as const, error: outcome.message, email: values.email ?? "" },
    failureInit(outcome),
  );
}

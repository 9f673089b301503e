import { data, type AppLoadContext } from "react-router";
import { failureInit, readFormValues } from "./form-action";

/**
 * The newsletter form posted without JavaScript (/news): the sign-up, or the refusal
 * with the address typed, shown where the form is.
 */
export async function subscribeFromForm(request: Request, context: AppLoadContext) {
  const values = await readFormValues(request);
  const result = await context.leads.subscribeNewsletter(values);
  if (result.success) return { success: true as const };
  return data(
    { success: false as const, error: result.error, email: values.email ?? "" },
    failureInit(result),
  );
}

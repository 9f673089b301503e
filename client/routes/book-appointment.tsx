import { CalendarCheck, FileText, MailCheck, Video } from "lucide-react";
import { data } from "react-router";
import { appointmentDateOptions } from "#shared/forms/appointment.ts";
import { AppointmentForm } from "#client/components/forms/appointment-form.tsx";
import { island } from "#client/lib/island.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { failureInit, readFormValues, valuesToRedisplay } from "#client/lib/form-action.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { bookAppointmentCopy } from "#data/pages/contact-pages-copy.ts";
import { formPageHeaders, loadChangedPageCopy, previewMeta } from "#client/lib/page-copy.ts";
import { useShownCopy } from "#client/lib/shown-copy.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import type { Route } from "./+types/book-appointment";

export async function loader({ context, request }: Route.LoaderArgs) {
  // Dates come from the server's clock in Cape Town time, so server and browser agree.
  return loadChangedPageCopy(context, request, "book-appointment", {
    dateOptions: appointmentDateOptions(new Date()),
    formToken: context.formTokens.issue(),
    // Which times are free changes with every booking: the page is rendered per request.
    calendar: await context.leads.appointmentCalendar(),
  });
}

/** The appointment form posted without JavaScript (with it, the form posts JSON to the API). */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const outcome = await context.leads.requestAppointment(values);
  if (outcome.ok) {
    // What was asked, for the summary beside the success message (the form itself clears).
    return { success: true as const, date: values.preferred_date ?? "", time: values.preferred_time ?? "" };
  }
  return data(
    {
      success: false as const,
      error: outcome.message,
      fieldErrors: outcome.fieldErrors,
      values: valuesToRedisplay(values),
    },
    failureInit(outcome),
  );
}

/** Never kept by the page cache or a browser: the free times are as of this request. */
export const headers: Route.HeadersFunction = (args) => ({
  ...formPageHeaders(args),
  "Cache-Control": "no-store",
});

/** The appointment form is an island; its scripts start after the first paint. */
export const handle: PageHandle = { hydrate: "eager", islands: ["appointment"] };

const AppointmentFormIsland = island("appointment", AppointmentForm);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buildPageMeta("book-appointment", matches),
  ...previewMeta(loaderData),
];

/** The icon of each step of "What to Expect", by its place. */
const stepIcons = [MailCheck, Video, FileText] as const;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { header, whatToExpect } = useShownCopy(loaderData.copy, bookAppointmentCopy);
  return (
    <>
      <PageHeader tone="protea" {...header} />
      <section className="section" aria-label="Request an appointment">
        <div className="page-container grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <AppointmentFormIsland
              dateOptions={loaderData.dateOptions}
              formToken={loaderData.formToken}
              actionData={actionData}
              calendar={loaderData.calendar}
            />
          </div>
          <aside aria-labelledby="what-to-expect" className="lg:col-span-2">
            <h2 id="what-to-expect" className="flex items-center gap-3 text-2xl font-bold text-ink">
              <CalendarCheck aria-hidden="true" className="size-7 text-brand" />
              {whatToExpect.title}
            </h2>
            <ol className="mt-6 space-y-6">
              {whatToExpect.steps.map(({ title, text }, index) => {
                const Icon = stepIcons[index] ?? FileText;
                return (
                  <li key={index} className="flex gap-4">
                    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <div>
                      <h3 className="font-semibold text-ink">
                        {index + 1}. {title}
                      </h3>
                      <p className="mt-1 text-ink-soft">{text}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </aside>
        </div>
      </section>
    </>
  );
}

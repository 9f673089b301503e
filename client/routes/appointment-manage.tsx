import { data } from "react-router";
import { Closing, closed, ManageAppointment } from "#client/components/sections/appointment-manage.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta } from "#client/lib/seo.ts";
import { paths } from "#shared/paths.ts";
import type { Route } from "./+types/appointment-manage";

/**
 * A visitor's own appointment page, opened by the private link in its e-mails
 * (docs/decisions/062-visitor-manages-booking.md): plain HTML forms, the same with and
 * without JavaScript. Never cached, never indexed, and no Referer leaves it (its address
 * holds the token); opening it changes nothing, only a press of a button does.
 */

const tokenOf = (params: { token?: string }) => params.token ?? "";

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await context.appointments.open(tokenOf(params));
  return data({ view }, { status: view.state === "invalid" ? 404 : 200 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = tokenOf(params);
  const intent = form.get("intent");
  if (intent === "cancel") {
    const result = await context.appointments.cancel(token);
    return data({ result }, { status: result.ok ? 200 : 409 });
  }
  const [date, time] = String(form.get("slot") ?? "").split("|");
  const result = await context.appointments.move(token, { date, time });
  return data({ result }, { status: result.ok ? 200 : 409 });
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  // same-origin, not no-referrer: with no-referrer a browser posts the forms with "Origin: null",
  // which the same-site check refuses; no other site ever gets the address.
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildMeta(
    {
      title: "Your appointment",
      description: "Move or cancel your appointment.",
      path: paths.bookAppointment,
    },
    settingsFromMatches(matches),
  ),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AppointmentManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  if (result?.ok) {
    return result.done === "moved" ? (
      <Closing
        title="Your appointment has moved"
        text={`It is now ${result.when} (Cape Town time). We have e-mailed you the update, with a new private link for any further change.`}
      />
    ) : (
      <Closing
        title="Your appointment is cancelled"
        text="We have e-mailed you the cancellation. To meet us after all, request a new appointment."
      />
    );
  }
  const { view } = loaderData;
  if (view.state !== "open") {
    const words = closed[view.state];
    return <Closing title={words.title} text={words.text} when={"when" in view ? view.when : undefined} />;
  }
  const error = result && !result.ok ? result.message : undefined;
  return <ManageAppointment view={view} error={error} />;
}

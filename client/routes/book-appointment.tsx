import { paths } from "../../shared/paths";
import { PageHeader } from "../components/sections/page-header";
import { settingsFromMatches } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import type { Route } from "./+types/book-appointment";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: "Book an Appointment",
      description:
        "Request a free consultation with our web and mobile development team. Pick a weekday and time that suits you and we will confirm within 24 hours.",
      path: paths.bookAppointment,
    },
    settingsFromMatches(matches),
  );

export default function Page() {
  return (
    <PageHeader
      title="Book an Appointment"
      subtitle="Choose a time that suits you and tell us about your project. We will confirm within 24 hours."
    />
  );
}

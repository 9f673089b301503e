import { AppointmentForm } from "#client/components/forms/appointment-form.tsx";
import { hydrateIsland } from "#client/lib/hydrate-island.tsx";

hydrateIsland("appointment", AppointmentForm);

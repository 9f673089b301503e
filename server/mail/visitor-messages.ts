/**
 * Transitional: each message now has its own module. Kept only until the site-admin and
 * lead modules import them from there (docs/decisions/034-server-layers.md).
 */
export { ACKNOWLEDGMENT, type Acknowledgment } from "./acknowledgment-message";
export { APPOINTMENT_UPDATE, type AppointmentUpdate } from "./appointment-update-message";
export { greetingNameOf } from "./visitor-layout";

/**
 * The agency's calendar: dates are offered and checked, and times shown, in Cape Town time.
 * A module of its own so what only reads the clock (a preview's expiry) does not bring the
 * appointment form's rules into the visitor pages' bundle (docs/decisions/037-visitor-chunks.md).
 */
export const AGENCY_TIME_ZONE = "Africa/Johannesburg";

/** Monday 23 November 2026, 10:00 in Cape Town: "now" for the appointment form's unit tests. */
export const sampleMonday = new Date("2026-11-23T08:00:00Z");

/** A valid request on sampleMonday (the next day, the first slot), as the schema reads it. */
export const sampleAppointment = {
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  phone: "+27 82 555 0142",
  service_type: "consultation",
  preferred_date: "2026-11-24",
  preferred_time: "09:00 AM",
  project_details: "A booking portal for our clients.",
};

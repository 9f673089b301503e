/** The English names of the days of the week (Sunday first, as `getUTCDay` counts) and of the months. */
export const weekdayNames = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** A day's or month's short name: its first three letters ("Tue", "Sep"). */
export const shortName = (name: string | undefined) => name?.slice(0, 3);

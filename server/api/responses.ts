import type { Response } from "express";
import type { FieldErrors } from "../../shared/forms/field-errors";
import type { ApiFailure } from "../../shared/forms/results";

export type SendFailure = (res: Response, status: number, error: string) => void;

export function sendFailure(res: Response, status: number, error: string, fieldErrors?: FieldErrors): void {
  const body: ApiFailure = fieldErrors ? { success: false, error, fieldErrors } : { success: false, error };
  res.status(status).json(body);
}

/** Visitor-facing texts of the HTTP guards (the form texts live in shared/). */
export const apiMessages = {
  crossSite: "This form can only be submitted from our website.",
  unsupportedType: "Please send the form as JSON or as an ordinary form submission.",
  tooLarge: "The submission is too large. Please shorten your message and try again.",
  malformed: "The submission could not be read. Please check it and try again.",
  notFound: "There is no such API endpoint.",
  rateLimited: (minutes: number) =>
    `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

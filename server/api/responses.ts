import type { Response } from "express";
import type { FieldErrors } from "#shared/forms/field-errors.ts";
import type { ApiFailure } from "#shared/forms/results.ts";

export type SendFailure = (res: Response, status: number, error: string) => void;

/** A failed API call's JSON; a server-side failure carries the request id the logs have. */
export function sendFailure(res: Response, status: number, error: string, fieldErrors?: FieldErrors): void {
  const body: ApiFailure = fieldErrors ? { success: false, error, fieldErrors } : { success: false, error };
  if (status >= 500 && res.locals.requestId) body.requestId = res.locals.requestId;
  res.status(status).json(body);
}

import type { Response } from "express";
import type { FieldErrors } from "../../shared/forms/field-errors";
import type { ApiFailure } from "../../shared/forms/results";

export type SendFailure = (res: Response, status: number, error: string) => void;

export function sendFailure(res: Response, status: number, error: string, fieldErrors?: FieldErrors): void {
  const body: ApiFailure = fieldErrors ? { success: false, error, fieldErrors } : { success: false, error };
  res.status(status).json(body);
}

import type { ComponentProps } from "react";
import { TextField } from "./fields";

type AltTextFieldProps = Omit<
  ComponentProps<typeof TextField>,
  "label" | "description" | "onChange" | "required"
> & {
  /** What is uploaded ("image", "screenshot"), named in the field's description. */
  subject: string;
  onValue: (value: string) => void;
};

/** The required alt text of an uploaded image, said in words for people who cannot see it. */
export function AltTextField({ subject, onValue, ...field }: AltTextFieldProps) {
  return (
    <TextField
      label="Alt text"
      onChange={(event) => onValue(event.target.value)}
      description={`What the ${subject} shows, for people who cannot see it.`}
      required
      {...field}
    />
  );
}

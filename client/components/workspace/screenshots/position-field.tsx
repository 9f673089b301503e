import type { ComponentProps } from "react";
import { TextField } from "#client/components/workspace/fields.tsx";

type PositionFieldProps = Omit<
  ComponentProps<typeof TextField>,
  "label" | "name" | "type" | "min" | "max" | "onChange"
> & {
  /** The last place on the page a screenshot can take. */
  maxPosition: number;
  onValue: (value: string) => void;
};

/** A screenshot's place in its page's showcase: a whole number from 1 to the page's last place. */
export function PositionField({ maxPosition, onValue, ...field }: PositionFieldProps) {
  return (
    <TextField
      label="Position"
      name="position"
      type="number"
      min={1}
      max={maxPosition}
      onChange={(event) => onValue(event.target.value)}
      {...field}
    />
  );
}

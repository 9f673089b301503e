/** A select's choices: the visitors' forms and the staff workspace list them alike. */
export function SelectOptions({
  options,
}: {
  options: readonly { value: string; label: string; disabled?: boolean }[];
}) {
  return options.map((option) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  ));
}

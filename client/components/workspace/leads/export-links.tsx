/** Downloads of every row as the CLI's `export … --format csv` writes it. */
import { STAFF_API } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";

export function ExportLinks() {
  // Plain links: the browser downloads the attachment with the session's cookie.
  const link = (kind: string, label: string) => (
    <ButtonLink href={`${STAFF_API}/export/${kind}.csv`} download>
      {label}
    </ButtonLink>
  );
  return (
    <>
      {link("leads", "Export CSV: leads")}
      {link("appointments", "Export CSV: appointments")}
      {link("subscribers", "Export CSV: subscribers")}
    </>
  );
}

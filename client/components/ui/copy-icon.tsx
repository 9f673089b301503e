import { Icon, type LucideIconNode } from "lucide-react";
import type { CopyIconName, CopyIconSet } from "#shared/copy/copy-icons.ts";

/**
 * An icon of page copy, drawn from the data the page's loader sent
 * (client/lib/copy-icons.server.ts): the svg lucide's named icon draws, with none of the
 * icons' modules in the page's scripts.
 */
export function CopyIcon({
  name,
  icons,
  className,
}: {
  name: CopyIconName;
  icons: CopyIconSet;
  className?: string;
}) {
  const data = icons[name];
  if (!data) return null;
  // The loader leaves lucide's keys out to keep the page small; React needs one per child.
  const node = data.node.map(([tag, attributes], index): LucideIconNode => [
    tag,
    { ...attributes, key: index },
  ]);
  return (
    <Icon icon={{ name: data.name, aliases: data.aliases, node }} aria-hidden="true" className={className} />
  );
}

import {
  BadgeDollarSign,
  ClipboardList,
  Code2,
  Cpu,
  Gauge,
  Globe,
  Handshake,
  Headphones,
  Layers,
  LifeBuoy,
  Lightbulb,
  Megaphone,
  MessagesSquare,
  Paintbrush,
  Route,
  Server,
  Share2,
  ShieldCheck,
  Smartphone,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import type { CopyIconName } from "#shared/copy/copy-icons.ts";

/** What each icon name of page copy draws. */
export const copyIcons: Record<CopyIconName, LucideIcon> = {
  Badge: BadgeDollarSign,
  Checklist: ClipboardList,
  Code: Code2,
  Chip: Cpu,
  Gauge,
  Globe,
  Handshake,
  Headphones,
  Layers,
  Lifebuoy: LifeBuoy,
  Lightbulb,
  Megaphone,
  Messages: MessagesSquare,
  Paintbrush,
  Route,
  Server,
  Share: Share2,
  Shield: ShieldCheck,
  Smartphone,
  Team: Users,
  Wrench,
};

/** Cards of page copy as the section components take them: the icon drawn from its name. */
export const withIcons = <T extends { icon: CopyIconName }>(cards: readonly T[]) =>
  cards.map((card) => ({ ...card, icon: copyIcons[card.icon] }));

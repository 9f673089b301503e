import { toast } from "./toasts";

/**
 * Puts `text` on the clipboard and answers whether it could. A browser that refuses (no
 * permission, an insecure page) is told to the person with how to copy it by hand:
 * `byHand` is that sentence, e.g. "Select the link and copy it yourself.".
 */
export async function copyText(text: string, byHand: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast({ title: "Could not copy", description: byHand });
    return false;
  }
}

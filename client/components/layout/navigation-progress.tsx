import { useNavigation } from "react-router";

/** A thin bar while a client-side navigation loads its data; fixed, so nothing shifts. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand"
    />
  );
}

// The app's three kinds of button, written once. `button("primary", "self-start")`
// gives the classes, for a <button> or a <Link> that looks like one.
const KINDS = {
  primary: "rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60",
  secondary:
    "rounded-md border border-slate-300 bg-white px-4 py-2 text-slate-800 hover:bg-slate-100 disabled:opacity-60",
  danger: "rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60",
} as const;

export function button(kind: keyof typeof KINDS, extra = ""): string {
  return extra ? `${extra} ${KINDS[kind]}` : KINDS[kind];
}

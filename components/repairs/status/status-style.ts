import type { RepairStatus } from "@/lib/repairs/workflow";

// The badge's colours, one per status. Tailwind needs whole class names in
// the source: one literal each. The badge always shows the status name too,
// so colour is never the only signal.
const CLASSES: Record<RepairStatus, { badge: string; dot: string }> = {
  sent: { badge: "bg-slate-100 text-slate-800 ring-slate-300", dot: "bg-slate-500" },
  received: { badge: "bg-sky-100 text-sky-900 ring-sky-300", dot: "bg-sky-500" },
  diagnosing: { badge: "bg-indigo-100 text-indigo-900 ring-indigo-300", dot: "bg-indigo-500" },
  quoting: { badge: "bg-amber-100 text-amber-900 ring-amber-300", dot: "bg-amber-500" },
  approved: { badge: "bg-teal-100 text-teal-900 ring-teal-300", dot: "bg-teal-500" },
  in_progress: { badge: "bg-blue-100 text-blue-900 ring-blue-300", dot: "bg-blue-500" },
  in_repair: { badge: "bg-violet-100 text-violet-900 ring-violet-300", dot: "bg-violet-500" },
  outsourced: { badge: "bg-orange-100 text-orange-900 ring-orange-300", dot: "bg-orange-500" },
  ready: { badge: "bg-green-100 text-green-900 ring-green-300", dot: "bg-green-600" },
  picked_up: { badge: "bg-gray-200 text-gray-800 ring-gray-400", dot: "bg-gray-600" },
  denied: { badge: "bg-red-100 text-red-900 ring-red-300", dot: "bg-red-500" },
};

export const statusClasses = (status: RepairStatus) => CLASSES[status];

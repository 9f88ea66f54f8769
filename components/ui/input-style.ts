/** The one look of a text box, select or textarea (red once it is marked invalid). */
export const INPUT =
  "rounded-md border border-slate-300 px-3 py-2 text-base font-normal text-slate-900 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600";

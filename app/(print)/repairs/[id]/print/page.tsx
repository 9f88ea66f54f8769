import { PrintView } from "@/components/print/print-view";
import { isPrintFormat } from "@/components/print/formats";

export default async function PrintPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ format?: string }>;
}) {
  const { id } = await params;
  const { format } = await searchParams;
  return <PrintView id={id} format={isPrintFormat(format) ? format : "a5"} />;
}

import { PrintView } from "@/components/print/print-view";
import { isPrintFormat } from "@/components/print/formats";

export default async function PrintPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ format?: string; doc?: string }>;
}) {
  const { id } = await params;
  const { format, doc } = await searchParams;
  // doc=payment: the same sheet, titled as the receipt of what was paid.
  return <PrintView id={id} format={isPrintFormat(format) ? format : "a5"} paymentReceipt={doc === "payment"} />;
}
